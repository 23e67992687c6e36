/**
 * The finder's order at 5,000 services (docs/decisions/202-finder-order-index.md): with no filter
 * and with "open now", the places are read in the order of their stored status through its index
 * and only the ties are sorted by name, rather than every place joined and sorted. How fast it runs
 * is measured by `npm run bench` (bench/finder.ts).
 */
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { database, selectRows } from "#app/db/client.server";
import { rankedQuery } from "#app/features/services/finder-rows.server";
import { OPEN_SORT_KEY_LIMIT } from "#app/features/services/hours";
import { findServices } from "#app/features/services/services.server";
import { seedServices } from "../../bench/finder";

async function planOf(query: ReturnType<typeof rankedQuery>) {
  const rows = await selectRows<Record<string, string>>(sql`explain ${query}`);
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

test("the first places in the finder's order are read through the stored status's index", {
  timeout: 300_000,
}, async () => {
  await seedServices(database(), 5_000);
  const now = new Date("2026-11-25T20:00:00-06:00");
  // Stores every place's status for `now`, as the finder does before its query.
  const shown = await findServices({ locale: "en" }, now);
  expect(shown).toHaveLength(100);
  // PostgreSQL's autovacuum would count the statuses just written; the seed's counts predate them.
  await selectRows(sql`analyze hsds_service_at_location`);

  for (const filters of [{}, { openNow: true }]) {
    const plan = await planOf(rankedQuery({ locale: "en", ...filters }, 100, [], new Map()));
    expect(plan, JSON.stringify(filters)).toContain("hsds_service_at_location_status_sort_idx");
    expect(plan, JSON.stringify(filters)).toContain("Incremental Sort");
    expect(plan, JSON.stringify(filters)).not.toContain("Seq Scan on hsds_service_at_location");
  }

  // The same rows as sorting everything: open ones first, then by stored status, name and id.
  const everything = await selectRows<{ sal_id: string }>(sql`
    select sal.id as sal_id from hsds_service_at_location sal join hsds_service s on s.id = sal.service_id
    where s.status = 'active' and sal.status_sort <= ${OPEN_SORT_KEY_LIMIT}
    order by sal.status_sort + 0, s.name_folded collate "C", sal.id collate "C" limit 100`);
  const openNow = await findServices({ locale: "en", openNow: true }, now);
  expect(openNow.map((row) => row.id)).toEqual(everything.map((row) => row.sal_id));
  expect(openNow.length).toBeGreaterThan(0);
  for (const row of openNow) expect(row.status.kind).toMatch(/^open(-24-hours)?$/);
});
