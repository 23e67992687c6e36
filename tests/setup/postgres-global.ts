import { sql } from "drizzle-orm";
import { openDatabase } from "#app/db/client.server";

/** Starts the PostgreSQL suite from a clean, fully migrated schema. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL suite");
  const handle = openDatabase({ databaseUrl: url });
  await handle.db.execute(
    sql.raw(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public",
    ),
  );
  await handle.migrate();
  await handle.close();
}
