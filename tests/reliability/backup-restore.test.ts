/**
 * `npm run db:backup` and `npm run db:restore` as a round trip on a populated site
 * (docs/decisions/124-backup-and-restore.md), for the embedded database and for PostgreSQL, stored
 * files included.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import {
  type AppProcess,
  freshDatabase,
  killApp,
  loopbackClient,
  pgliteRows,
  postForm,
  query,
  request,
  startApp,
  tempDir,
  uploadText,
} from "./harness";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

async function cli(script: "backup" | "restore", folder: string, env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, folder], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
  });
}

let clientNumber = 4000;
async function signUp(app: AppProcess, email: string) {
  const answer = await postForm(
    app,
    "/home",
    { firstName: "Backup", email },
    { localAddress: loopbackClient(clientNumber++) },
  );
  expect(answer.status).toBe(302);
}

async function upload(app: AppProcess, title: string) {
  const answer = await uploadText(
    app,
    title,
    `${title}: shelter hours`,
    loopbackClient(clientNumber++),
  );
  expect(answer.status).toBe(302);
}

async function stop(app: AppProcess) {
  app.child.kill("SIGTERM");
  expect(await app.exited).toBe(0);
}

/** Stored files by name and content, without staged leftovers. */
function filesIn(dataDir: string): Record<string, string> {
  const folder = path.join(dataDir, "uploads");
  return Object.fromEntries(
    readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), "utf8")]),
  );
}

const dirs: string[] = [];
const apps: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(apps.map(killApp));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function roundTrip(
  env: Record<string, string>,
  rows: (sql: string) => Promise<Record<string, unknown>[]>,
) {
  const dataDir = env.DATA_DIR;
  const backupDir = path.join(tempDir("backup-out"), "backup");
  dirs.push(path.dirname(backupDir));

  const first = await startApp(env);
  apps.push(first);
  await signUp(first, "kept@example.org");
  await upload(first, "kept-upload");
  await stop(first);
  const emailsAtBackup = await rows("select email from newsletter_subscriptions order by email");
  const documentsAtBackup = await rows("select title, storage_key from documents order by title");
  const filesAtBackup = filesIn(dataDir);

  const made = await cli("backup", backupDir, env);
  expect(made.stdout).toMatch(/Backup of the (pglite|postgres) database and \d+ files/);

  // Life goes on after the backup: another sign-up and another upload.
  const second = await startApp(env);
  apps.push(second);
  await signUp(second, "later@example.org");
  await upload(second, "later-upload");
  await stop(second);
  expect(await rows("select email from newsletter_subscriptions")).toHaveLength(
    emailsAtBackup.length + 1,
  );

  const restored = await cli("restore", backupDir, env);
  expect(restored.stdout).toContain("Restored");
  expect(await rows("select email from newsletter_subscriptions order by email")).toEqual(
    emailsAtBackup,
  );
  expect(await rows("select title, storage_key from documents order by title")).toEqual(
    documentsAtBackup,
  );
  expect(filesIn(dataDir)).toEqual(filesAtBackup);

  expect(documentsAtBackup.map((row) => row.title)).toContain("kept-upload");

  // The restored site starts and runs.
  const third = await startApp(env);
  apps.push(third);
  expect((await request(`${third.url}/resources?q=kept`)).status).toBe(200);
  await stop(third);
}

describe("backup and restore round trip", () => {
  test("embedded database (PGlite) and stored files", async () => {
    const dataDir = tempDir("backup-pglite");
    dirs.push(dataDir);
    await roundTrip({ DATA_DIR: dataDir }, (sql) => pgliteRows(dataDir, sql));
  }, 480_000); // three starts of the embedded engine and five openings to read it back

  test("PostgreSQL and stored files", async () => {
    const database = await freshDatabase();
    const dataDir = tempDir("backup-pg");
    dirs.push(dataDir);
    try {
      await roundTrip({ DATA_DIR: dataDir, DATABASE_URL: database.url }, (sql) =>
        query(database.url, sql),
      );
    } finally {
      await database.drop();
    }
  });
});
