/**
 * kill -9 in the middle of writes (docs/decisions/123-crash-safety-of-writes.md): after a restart
 * every write a client was told about is there, nothing is half-written (no document row without
 * its file, no file without its row), and the database opens cleanly; on PGlite and on PostgreSQL.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import {
  type AppProcess,
  CLUSTER_IN_PRODUCTION,
  CLUSTER_SHUT_DOWN,
  freshDatabase,
  killApp,
  loopbackClient,
  pgliteClusterState,
  pgliteRows,
  postForm,
  query,
  request,
  sleep,
  startApp,
  tempDir,
  uploadText,
} from "./harness";

interface Acknowledged {
  signUps: string[];
  messages: string[];
  /** Upload title → the bytes sent. */
  uploads: Map<string, string>;
}

let clientCounter = 0;
const nextClient = () => loopbackClient(2000 + clientCounter++);

/**
 * Sign-ups, contact messages and uploads from several clients at once, until the server dies;
 * only a redirect (the success of these forms) counts as acknowledged.
 */
async function writeUntilKilled(app: AppProcess): Promise<Acknowledged> {
  const acknowledged: Acknowledged = { signUps: [], messages: [], uploads: new Map() };
  let alive = true;
  const writer = async (kind: number) => {
    for (let n = 0; alive; n++) {
      const id = `w${kind}n${n}`;
      try {
        if (kind % 3 === 0) {
          const email = `crash-${id}@example.org`;
          const answer = await postForm(
            app,
            "/home",
            { firstName: "Crash", email },
            { localAddress: nextClient() },
          );
          if (answer.status === 302) acknowledged.signUps.push(email);
        } else if (kind % 3 === 1) {
          const email = `contact-${id}@example.org`;
          const answer = await postForm(
            app,
            "/contact",
            { name: "Crash Test", email, message: `Message ${id}` },
            { localAddress: nextClient() },
          );
          if (answer.status === 302) acknowledged.messages.push(email);
        } else {
          const title = `crash-${id}`;
          const text = `Upload ${id}\n${"shelter food clinic ".repeat(2000)}`;
          const answer = await uploadText(app, title, text, nextClient());
          if (answer.status === 302) acknowledged.uploads.set(title, text);
        }
      } catch {
        // The connection died with the server: this write was never acknowledged.
      }
    }
  };
  const writers = Array.from({ length: 6 }, (_, kind) => writer(kind));
  // Killed once every kind of write is flowing (a busy machine may take a while to get there).
  const flowing = () =>
    acknowledged.signUps.length >= 3 &&
    acknowledged.messages.length >= 3 &&
    acknowledged.uploads.size >= 3;
  const deadline = Date.now() + 60_000;
  while (!flowing() && Date.now() < deadline) await sleep(100);
  await sleep(500);
  app.child.kill("SIGKILL");
  await app.exited;
  alive = false;
  await Promise.all(writers);
  return acknowledged;
}

interface Stored {
  signUps: string[];
  messages: string[];
  documents: { title: string; storage_key: string }[];
}

/** Checks the stored state against what clients were told, and files against rows. */
function expectNothingLostOrHalfWritten(
  acknowledged: Acknowledged,
  stored: Stored,
  uploadsDir: string,
) {
  expect(acknowledged.signUps.length).toBeGreaterThanOrEqual(3);
  expect(acknowledged.messages.length).toBeGreaterThanOrEqual(3);
  expect(acknowledged.uploads.size).toBeGreaterThanOrEqual(3);
  expect(stored.signUps).toEqual(expect.arrayContaining(acknowledged.signUps));
  expect(stored.messages).toEqual(expect.arrayContaining(acknowledged.messages));
  const titles = stored.documents.map((row) => row.title);
  expect(titles).toEqual(expect.arrayContaining([...acknowledged.uploads.keys()]));

  const files = readdirSync(uploadsDir);
  // Staged files of the killed process were committed or removed at the restart.
  expect(files.filter((name) => name.startsWith("."))).toEqual([]);
  const keys = stored.documents.map((row) => row.storage_key);
  expect([...files].sort()).toEqual([...keys].sort());
  for (const row of stored.documents) {
    const sent = acknowledged.uploads.get(row.title);
    if (sent) expect(readFileSync(path.join(uploadsDir, row.storage_key), "utf8")).toBe(sent);
  }
}

const dirs: string[] = [];
const apps: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(apps.map(killApp));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("kill -9 while writing", () => {
  test("on PGlite: acknowledged writes survive, files and rows match, the database reopens", async () => {
    const dataDir = tempDir("crash");
    dirs.push(dataDir);
    const app = await startApp({ DATA_DIR: dataDir });
    apps.push(app);
    const acknowledged = await writeUntilKilled(app);
    // Killed, not stopped: the cluster was never shut down.
    expect(pgliteClusterState(dataDir)).toBe(CLUSTER_IN_PRODUCTION);

    const again = await startApp({ DATA_DIR: dataDir });
    apps.push(again);
    expect((await request(`${again.url}/resources?q=crash`)).status).toBe(200);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    expect(pgliteClusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);

    const stored: Stored = {
      signUps: (
        await pgliteRows<{ email: string }>(dataDir, "select email from newsletter_subscriptions")
      ).map((row) => row.email),
      messages: (
        await pgliteRows<{ email: string }>(dataDir, "select email from contact_messages")
      ).map((row) => row.email),
      documents: await pgliteRows(dataDir, "select title, storage_key from documents"),
    };
    expectNothingLostOrHalfWritten(acknowledged, stored, path.join(dataDir, "uploads"));
  });

  test("on PostgreSQL: the same", async () => {
    const database = await freshDatabase();
    const dataDir = tempDir("crash-pg");
    dirs.push(dataDir);
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const app = await startApp(env);
      apps.push(app);
      const acknowledged = await writeUntilKilled(app);
      const again = await startApp(env);
      apps.push(again);
      expect((await request(`${again.url}/resources?q=crash`)).status).toBe(200);
      await killApp(again);

      const stored: Stored = {
        signUps: (
          await query<{ email: string }>(database.url, "select email from newsletter_subscriptions")
        ).map((row) => row.email),
        messages: (
          await query<{ email: string }>(database.url, "select email from contact_messages")
        ).map((row) => row.email),
        documents: await query(database.url, "select title, storage_key from documents"),
      };
      const uploadsDir = path.join(dataDir, "uploads");
      expect(existsSync(uploadsDir)).toBe(true);
      expectNothingLostOrHalfWritten(acknowledged, stored, uploadsDir);
    } finally {
      await database.drop();
    }
  });
});
