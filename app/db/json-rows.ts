import { type SQL, sql } from "drizzle-orm";

/**
 * `query`'s rows as one JSON text (an array of objects named by the columns), ordered by the column
 * `orderedBy` when given: several sets of rows can then come back from one statement, each parsed by
 * `JSON.parse` at once rather than field by field by the driver
 * (docs/decisions/203-finder-rows-in-one-statement.md). Text, not json, so no driver parses it.
 */
export function jsonRows(query: SQL, orderedBy?: string): SQL {
  const order = orderedBy ? sql` order by part.${sql.identifier(orderedBy)}` : sql``;
  return sql`(select coalesce(json_agg(part${order}), '[]')::text from (${query}) part)`;
}
