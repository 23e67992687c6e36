/**
 * The service finder's queries for the public pages (docs/decisions/170-the-finder-page.md), the announcement of changes to
 * the page cache, and the data version other processes poll
 * (docs/decisions/163-page-topics-and-finder-freshness.md).
 */
import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { changeSignal } from "#app/lib/change-signal";
import { nextCapacityChange } from "./finder-capacity.server";
import { findRows, serviceRows } from "./finder-rows.server";
import type { FinderFilters, FinderRow, ServiceDetail } from "./finder-types";
import { nextChangeOfActiveServices } from "./next-change.server";

export type { FinderFilters, FinderPhone, FinderRow, ServiceDetail } from "./finder-types";

const services = changeSignal();

/**
 * Tells the page cache (server/page-cache/) that what the finder shows changed, so it drops the
 * pages of topic "services". Returns the function that stops listening.
 */
export const onServicesChange = services.listen;

/** Call after any write the public can see (import, staff edit, deactivation, verification). */
export const servicesChanged = services.announce;

/**
 * Active services' rows (one per service at a location) matching `filters`, with their status at
 * `now`: open now first, closing soonest first, then opening soonest, then the rest
 * (docs/decisions/161-opening-status.md); `limit` rows at most (100 unless said).
 */
export async function findServices(
  filters: FinderFilters,
  now: Date,
  options: { limit?: number } = {},
): Promise<FinderRow[]> {
  return findRows(filters, now, options.limit ?? 100);
}

/** One service (any status) with every place it is offered, or null. */
export async function getService(
  id: string,
  locale: FinderFilters["locale"],
  now: Date,
): Promise<ServiceDetail | null> {
  return serviceRows(id, locale, now);
}

/**
 * A cheap version of what the finder shows: it changes with every write to the services (each
 * bumps last_modified) and with their number. Polled by other processes
 * (server/services-freshness.ts).
 */
export async function servicesDataVersion(): Promise<string> {
  const [row] = await selectRows<{ count: number; latest: string | null }>(
    sql`select count(*)::int as count, max(last_modified)::text as latest from hsds_service`,
  );
  return `${row?.count ?? 0}/${row?.latest ?? ""}`;
}

/**
 * When cached finder pages rendered at `now` must expire (server/page-cache/policy.ts): the next
 * moment any active service's opening status can change, or a count shown goes stale.
 */
export async function finderPageExpiryMoments(now: Date): Promise<number[]> {
  const moments = [await nextChangeOfActiveServices(now), await nextCapacityChange(now)];
  return moments.filter((moment) => moment !== null);
}
