import { sql } from "drizzle-orm";
import { database } from "./client.server";

/**
 * Brings the planner's statistics up to date: a sample of each table, not a full read. PostgreSQL's
 * autovacuum does it after enough of a table changes; PGlite runs no background workers, so the
 * server does it for the embedded database (server/table-statistics.ts,
 * docs/decisions/257-newest-first-indexes.md).
 */
export async function analyzeTables() {
  await database().db.execute(sql`analyze`);
}
