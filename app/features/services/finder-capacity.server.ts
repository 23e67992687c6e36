/**
 * The live counts the finder shows (HSDS 3.1 `service_capacity`, docs/decisions/227-beds-tonight.md):
 * "places available now" and the order read `hsds_service.places_until` (kept by
 * app/features/services/capacity.server.ts); the counts of the rows shown are read with them, in the statement
 * of docs/decisions/203-finder-rows-in-one-statement.md. The beds feature writes them.
 */
import { type SQL, sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";
import { type CapacityShown, capacityShown } from "#app/features/services/capacity";
import { countsNow } from "#app/lib/clock.server";
import { OPEN_SORT_KEY_LIMIT } from "./hours";

export interface CapacityRow {
  id: string;
  service_id: string;
  unit_name: string;
  description: string | null;
  available: number;
  maximum: number | null;
  updated: string;
  fresh_hours: number;
}

/** The counts of some services, for jsonRows (ordered by `sort`). */
export function capacityQuery(serviceIds: string[]): SQL {
  return sql`select c.id, c.service_id, u.name as unit_name, c.description, c.available,
      c.maximum, c.updated::text as updated, s.capacity_fresh_hours as fresh_hours,
      coalesce(c.description, '') || E'\\n' || c.id as sort
    from hsds_service_capacity c
      join hsds_unit u on u.id = c.unit_id
      join hsds_service s on s.id = c.service_id
    where c.service_id = ${anyOf(serviceIds)}`;
}

/** Each service's counts as the pages show them at `now`. */
export function countsByService(rows: CapacityRow[], now: Date): Map<string, CapacityShown[]> {
  const at = countsNow(now);
  const counts = new Map<string, CapacityShown[]>();
  for (const row of rows) {
    const shown = capacityShown(
      {
        id: row.id,
        unitName: row.unit_name,
        description: row.description,
        available: row.available,
        maximum: row.maximum,
        updated: new Date(row.updated),
        freshHours: row.fresh_hours,
      },
      at,
    );
    const list = counts.get(row.service_id);
    if (list) list.push(shown);
    else counts.set(row.service_id, [shown]);
  }
  return counts;
}

/** A service (`s`) with a fresh count above 0 at `now`. */
export function hasPlaces(now: Date): SQL {
  return sql`s.places_until > ${countsNow(now).toISOString()}::timestamptz`;
}

/**
 * Whether any active service has places at `now`: only then does the order need its places key,
 * which the status index cannot serve (docs/decisions/202-finder-order-index.md).
 */
export async function anyPlacesAt(now: Date): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    sql`select 1 as found from hsds_service s where ${hasPlaces(now)} and s.status = 'active' limit 1`,
  );
  return rows.length > 0;
}

/**
 * The order's places keys (docs/decisions/229-finder-order-with-places.md): while a banner puts
 * `first` categories first, its open centres with places before everything; then open services
 * with places before other open ones.
 */
export function placesOrder(sortKey: SQL, first: string[], now: Date): SQL {
  const openWithPlaces = sql`(${sortKey} <= ${OPEN_SORT_KEY_LIMIT} and ${hasPlaces(now)})`;
  const categories = sql.join(
    first.map((category) => sql`${category}`),
    sql`, `,
  );
  const banner = first.length
    ? sql`case when s.category in (${categories}) and ${openWithPlaces} then 0
        when s.category in (${categories}) then 1 else 2 end,`
    : sql``;
  return sql`${banner} case when ${openWithPlaces} then 0 else 1 end,`;
}

/**
 * The next moment a count shown on the finder goes stale after `now` (its page must not be kept
 * past it), and a bound of 10 minutes while any count is fresh, so "updated 20 min ago" drifts
 * little in a cached copy.
 */
export async function nextCapacityChange(now: Date): Promise<number | null> {
  const [row] = await selectRows<{ next: string | null }>(
    sql`select min(c.updated + make_interval(hours => s.capacity_fresh_hours))::text as next
      from hsds_service_capacity c join hsds_service s on s.id = c.service_id
      where s.status = 'active'
        and c.updated + make_interval(hours => s.capacity_fresh_hours) > ${now.toISOString()}::timestamptz`,
  );
  if (!row?.next) return null;
  return Math.min(new Date(row.next).getTime(), now.getTime() + 10 * 60_000);
}
