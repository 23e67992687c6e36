/**
 * Two app processes on one PostgreSQL and one Redis
 * (docs/decisions/121-startup-under-advisory-locks.md): started at the same moment on a new
 * database they both come up, and a session or a rate limit begun on one holds on the other.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { startS3Fake } from "#tests/s3-fake";
import {
  type AppProcess,
  freshDatabase,
  killApp,
  loopbackClient,
  postForm,
  query,
  REDIS_URL,
  request,
  startApp,
  tempDir,
  uploadText,
} from "./harness";

const ADMIN = { ADMIN_EMAIL: "admin@example.org", ADMIN_PASSWORD: "two-process-admin-2026" };
const SESSION_SECRET = randomBytes(32).toString("hex");

const started: AppProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(started.map(killApp));
  for (const cleanup of cleanups) await cleanup();
});

async function startPair(databaseUrl: string, extra: Record<string, string> = {}) {
  const dirs = [tempDir("pair-a"), tempDir("pair-b")];
  cleanups.push(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const pending = dirs.map((dir) =>
    startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dir, SESSION_SECRET, ...ADMIN, ...extra }),
  );
  // Both are awaited before failing, so neither is left running.
  const results = await Promise.allSettled(pending);
  for (const result of results) if (result.status === "fulfilled") started.push(result.value);
  for (const result of results) if (result.status === "rejected") throw result.reason;
  return started.slice(-2) as [AppProcess, AppProcess];
}

describe("two processes starting at the same moment on a new database", () => {
  test("both come up, the schema is migrated once and the first admin created once (3 rounds)", async () => {
    for (let round = 0; round < 3; round++) {
      const database = await freshDatabase();
      cleanups.push(database.drop);
      const pair = await startPair(database.url);
      for (const app of pair) {
        expect((await request(`${app.url}/healthz`)).status).toBe(200);
      }
      const migrations = await query<{ count: string }>(
        database.url,
        "select count(*) from drizzle.__drizzle_migrations",
      );
      const journalEntries = (await import("../../drizzle/meta/_journal.json")).entries.length;
      expect(Number(migrations[0].count)).toBe(journalEntries);
      const admins = await query<{ email: string; role: string }>(
        database.url,
        "select email, role from \"user\" where role = 'admin'",
      );
      expect(admins).toEqual([{ email: ADMIN.ADMIN_EMAIL, role: "admin" }]);
      await Promise.all(pair.map(killApp));
    }
  });
});

/** The S3 settings startS3Fake put into this process's environment, for the app processes. */
function s3Settings(): Record<string, string> {
  const names = [
    "S3_BUCKET",
    "S3_ENDPOINT",
    "S3_REGION",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
  ];
  return Object.fromEntries(names.map((name) => [name, process.env[name] ?? ""]));
}

describe("two processes serving one site", () => {
  test("a login on one is signed in on the other, uploads are shared, rate limits count across both", async () => {
    const database = await freshDatabase();
    cleanups.push(database.drop);
    const s3 = await startS3Fake();
    cleanups.push(s3.stop);
    const [a, b] = await startPair(database.url, { REDIS_URL, ...s3Settings() });

    const login = await postForm(
      a,
      "/login",
      { intent: "login", email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
      { localAddress: loopbackClient(1) },
    );
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/admin");
    const cookie = (login.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");

    const onB = await request(`${b.url}/admin/documents`, { headers: { Cookie: cookie } });
    expect(onB.status).toBe(200);
    expect(onB.body).toContain(ADMIN.ADMIN_EMAIL);
    // A file uploaded through A is served by B, from the shared bucket.
    const uploaded = await uploadText(
      a,
      "shared-upload",
      "Shelter hours: 8 to 8",
      loopbackClient(3),
    );
    expect(uploaded.status).toBe(302);
    const [document] = await query<{ storage_key: string }>(
      database.url,
      "select storage_key from documents where title = 'shared-upload'",
    );
    expect(await s3.keys()).toContain(document.storage_key);
    const download = await request(`${b.url}/files/${document.storage_key}`, {
      headers: { Cookie: cookie },
    });
    expect(download.status).toBe(200);
    expect(download.body).toBe("Shelter hours: 8 to 8");

    const anonymous = await request(`${b.url}/admin/documents`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/login/);

    // One client, 20 newsletter sign-ups per 10 minutes: 12 on A and 8 on B use them up.
    const client = loopbackClient(2);
    const signUp = (app: AppProcess, n: number) =>
      postForm(
        app,
        "/home",
        { firstName: "Pair", email: `pair${n}@example.org` },
        { localAddress: client },
      );
    for (let n = 0; n < 20; n++) {
      expect((await signUp(n < 12 ? a : b, n)).status).toBe(302);
    }
    expect((await signUp(a, 20)).status).toBe(429);
    expect((await signUp(b, 21)).status).toBe(429);
  });
});
