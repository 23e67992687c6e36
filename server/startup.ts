import path from "node:path";
import { sql } from "drizzle-orm";
import {
  configureDatabase,
  type DatabaseHandle,
  database,
  selectRows,
} from "#app/db/client.server";
import { fundraiserPhotoHoldsFile } from "#app/features/fundraisers/index.server";
import { documentHoldsFile, seedSampleResources } from "#app/features/library/index.server";
import { seedSampleServices } from "#app/features/services/index.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { storage } from "#app/lib/storage/index.server";
import { markEmbeddedDatabaseOwner } from "./embedded-database-owner";

/** Points the app at the database of its configuration: DATABASE_URL, or PGlite under DATA_DIR. */
export function configureDatabaseFromEnv() {
  configureDatabase({
    databaseUrl: env().DATABASE_URL,
    pgliteDir: path.join(env().DATA_DIR, "db"),
    log: logger,
  });
}

/**
 * Files a stopped process staged but had not committed (docs/decisions/123-crash-safety-of-writes.md)
 * are committed when a row holds them (the upload was acknowledged, or was about to be) and
 * removed when not: a library document, or a fundraiser page's photo
 * (docs/decisions/254-fundraiser-photos.md), which share the storage.
 */
async function finishInterruptedUploads(database: DatabaseHandle["db"]) {
  const result = await storage().recoverStaged?.(
    async (key) =>
      (await documentHoldsFile(database, key)) || (await fundraiserPhotoHoldsFile(database, key)),
  );
  if (result && result.committed + result.removed > 0) {
    logger.warn(result, "finished uploads interrupted by a stop");
  }
}

/**
 * Brings the database up to date at start: migrations and uploads a crash interrupted always; the sample resources only into an
 * empty embedded database (a PostgreSQL server is seeded only by `npm run db:seed`).
 */
export async function initDatabase(handle: DatabaseHandle = database()) {
  await handle.migrate();
  await finishInterruptedUploads(handle.db);
  if (handle.kind === "pglite") {
    // Command-line tools refuse to open the embedded database while the site holds it.
    markEmbeddedDatabaseOwner(env().DATA_DIR);
    const [row] = await selectRows<{ count: number }>(
      sql`select (select count(*) from statistics) + (select count(*) from external_links) + (select count(*) from documents) as count`,
      handle.db,
    );
    if (Number(row?.count ?? 0) === 0) {
      await seedSampleResources(handle.db);
      logger.info("Seeded the embedded database with sample resources");
    }
    // The finder's samples, into an embedded database without services (also one seeded before
    // the finder existed).
    const services = await seedSampleServices();
    if (services > 0)
      logger.info({ services }, "Seeded the embedded database with sample services");
  }
}
