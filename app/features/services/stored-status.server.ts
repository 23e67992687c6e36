/**
 * The opening status kept per service at location (docs/decisions/184-stored-opening-status.md):
 * the finder sorts and filters "open now" in SQL on `status_sort`, which is right from
 * `status_from` until `status_until`. Rows outside that span (never computed, hours changed as the
 * triggers of drizzle/0006_finder_status.sql mark them, the moment passed, or a clock set back)
 * are computed again here before the finder reads them.
 */
import { sql } from "drizzle-orm";
import { type Database, db, selectRows } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";
import { type Place, schedulesOf, statusesAt } from "./finder-hours.server";

/**
 * Computes and stores the status of every row that is not right at `now`. Returns the sort key of
 * each row computed: a row another transaction is writing is skipped, not waited for, and a row
 * whose hours changed since they were read (its status_version moved) is not written; the finder
 * uses the keys returned for them instead of the stored ones.
 */
export async function refreshStoredStatuses(
  now: Date,
  database: Database = db(),
): Promise<Map<string, number>> {
  const at = now.toISOString();
  const stale = await selectRows<Place & { status_version: number }>(
    sql`select id as sal_id, service_id, location_id, status_version from hsds_service_at_location
      where status_until <= ${at}::timestamptz or status_from > ${at}::timestamptz`,
    database,
  );
  if (stale.length === 0) return new Map();
  const hoursOf = await schedulesOf(stale, database);
  const factsOf = statusesAt(now);
  const computed = stale.map((row) => {
    const { sortKey, until } = factsOf(hoursOf(row));
    return {
      id: row.sal_id,
      version: row.status_version,
      sort: sortKey,
      until: until === null ? null : new Date(until).toISOString(),
    };
  });
  const values = JSON.stringify(computed);
  await database.execute(sql`
    update hsds_service_at_location sal
    set status_sort = v.sort, status_from = ${at}::timestamptz,
      status_until = coalesce(v.until, 'infinity')
    from jsonb_to_recordset(${values}::jsonb) as v(id text, version integer, sort double precision, until timestamptz)
    where sal.id = v.id and sal.status_version = v.version
      and sal.id in (select free.id from hsds_service_at_location free
        where free.id = ${anyOf(computed.map((row) => row.id))}
        for update skip locked)`);
  return new Map(computed.map((row) => [row.id, row.sort]));
}
