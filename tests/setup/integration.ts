/**
 * Each integration test file gets a real, migrated database: an in-memory PGlite of its own, or
 * the PostgreSQL at TEST_DATABASE_URL (migrated once in postgres-global.ts). Every test starts
 * from empty tables, with a fresh DATA_DIR for files and the mail outbox.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type DatabaseHandle, installDatabase, openDatabase } from "#app/db/client.server";
import { resettableTables } from "#app/db/schema";
import { forgetPublishedPages } from "#app/features/library/resources.server";
import { forgetPublishedBanners } from "#app/features/weather/banners.server";
import { resetEnvForTests } from "#app/lib/env.server";

let handle: DatabaseHandle;
let dataDir: string;
/** Holds the PostgreSQL suite's lock: files on the one shared database never overlap. */
let lockClient: pg.Client | undefined;
const SHARED_DATABASE_LOCK = 727_001;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "site-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_URL = "http://localhost:3000";
  delete process.env.DATABASE_URL;
  resetEnvForTests();
  if (process.env.TEST_DB === "postgres") {
    // Another worker's file truncates tables before each of its tests: wait for it to finish.
    lockClient = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await lockClient.connect();
    await lockClient.query("select pg_advisory_lock($1)", [SHARED_DATABASE_LOCK]);
    handle = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  } else {
    handle = openDatabase({ pgliteDir: "memory://" });
    await handle.migrate();
  }
  installDatabase(handle);
});

beforeEach(async () => {
  const tables = resettableTables.map((name) => `"${name}"`).join(", ");
  await handle.db.execute(sql.raw(`truncate ${tables} cascade`));
  // The tables were emptied behind the app's back: the banners and results it reuses are read again.
  forgetPublishedBanners();
  forgetPublishedPages();
  rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
});

afterAll(async () => {
  await handle.close();
  await lockClient?.end(); // ending the session releases the lock
  rmSync(dataDir, { recursive: true, force: true });
});
