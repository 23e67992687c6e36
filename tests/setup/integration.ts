/**
 * Each integration test file gets a real, migrated database of its own: an in-memory PGlite
 * loaded from the run's template (pglite-global.ts), or a copy of the run's migrated PostgreSQL
 * template on the cluster at TEST_DATABASE_URL (postgres-global.ts), whose address the file finds
 * in TEST_FILE_DATABASE_URL. Every test starts from empty tables, with a fresh DATA_DIR for files
 * and the mail outbox, removed only once mail delivery has stopped (stopMailDelivery).
 *
 * Files run one after another in a worker and share its modules (vitest.config.ts): each file
 * starts with what a new process would have, the worker's first environment
 * (tests/setup/starting-env.ts) and no database outage left by the previous file (dropping its
 * database ends its connections).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import {
  type DatabaseHandle,
  installDatabase,
  openDatabase,
  selectRows,
} from "#app/db/client.server";
import { endOutage } from "#app/db/outage";
import { resettableTables } from "#app/db/schema";
import { provideGiftAddOns } from "#app/features/donations/index.server";
import { newsletterFromGifts } from "#app/features/forms/index.server";
import {
  fundraiserGiftPages,
  fundraiserGiftSubscriber,
} from "#app/features/fundraisers/index.server";
import { forgetPublishedPages } from "#app/features/library/resources.server";
import { tributeDedications } from "#app/features/tributes/index.server";
import { forgetPublishedBanners } from "#app/features/weather/banners.server";
import { resetEnvForTests } from "#app/lib/env.server";
import { subscribe } from "#app/lib/events.server";
import { resumeMailDelivery, stopMailDelivery } from "#app/lib/outbox.server";
import { databaseUrl, onCluster } from "./postgres-global";

let handle: DatabaseHandle;
let dataDir: string;
/** This file's own PostgreSQL database, dropped at its end. */
let fileDatabase: string | undefined;

// After tests/setup/starting-env.ts, which gives the file the worker's first environment.
beforeAll(async () => {
  endOutage();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "site-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_URL = "http://localhost:3000";
  delete process.env.DATABASE_URL;
  resetEnvForTests();
  if (process.env.TEST_DB === "postgres") {
    fileDatabase = `it_file_${randomBytes(6).toString("hex")}`;
    await onCluster(`create database ${fileDatabase} template ${inject("postgresTemplate")}`);
    process.env.TEST_FILE_DATABASE_URL = databaseUrl(fileDatabase);
    handle = openDatabase({ databaseUrl: process.env.TEST_FILE_DATABASE_URL });
  } else {
    const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
    handle = openDatabase({ pgliteDir: "memory://", pgliteTemplate: template });
  }
  installDatabase(handle);
  resumeMailDelivery();
  // Donations with its add-ons, as server/features.ts composes them. A fundraiser's owner hears of
  // a gift from the payments' events, and a donor who asked is signed up for the newsletter; the
  // tributes' subscriber, which only wakes the card worker,
  // is left out: the tests run the worker themselves, on their own clock.
  provideGiftAddOns({ dedications: tributeDedications, pages: fundraiserGiftPages });
  subscribe(fundraiserGiftSubscriber, newsletterFromGifts);
});

/** Which of the tables hold a row: one query. */
const nonEmptyQuery = sql.raw(
  resettableTables
    .map((name) => `select '${name}' as name where exists (select 1 from "${name}")`)
    .join(" union all "),
);

beforeEach(async () => {
  // A delivery round the last test's action started (kickOutbox) may still be reading the outbox
  // table and writing its folder: it finishes, and no other starts, before they are emptied.
  await stopMailDelivery();
  // Only the tables a test wrote to are emptied, with DELETE: a TRUNCATE of all 38 made new files
  // for each table and its indexes, 0.3-3.5 s per test, a third of the suite's time
  // (docs/decisions/220-checks-that-fit.md). The list is children first, so deleting in its order
  // keeps every foreign key satisfied.
  const filled = new Set(
    (await selectRows<{ name: string }>(nonEmptyQuery, handle.db)).map(({ name }) => name),
  );
  for (const name of resettableTables.filter((table) => filled.has(table))) {
    await handle.db.execute(sql.raw(`delete from "${name}"`));
  }
  // The tables were emptied behind the app's back: the banners and results it reuses are read again.
  forgetPublishedBanners();
  forgetPublishedPages();
  rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
  resumeMailDelivery();
});

afterAll(async () => {
  // The same before the file's database and DATA_DIR go; the next file's beforeAll resumes it.
  await stopMailDelivery();
  await handle.close();
  if (fileDatabase) await onCluster(`drop database if exists ${fileDatabase} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});
