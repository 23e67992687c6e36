/**
 * The service finder's query (findServices) with 5,000 services, their shelters with bed counts
 * (seedCounts), on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL names a throwaway database (its hsds_* tables are emptied): median and p95 of
 * the finder page's queries: no filter, open now, a category, two common words, a rare word, a
 * language, eligibility words and places available now (docs/decisions/164-finder-query.md). The queries run in the bench's
 * process, which `npm run bench` starts with the server's young generation (`--max-semi-space-size=8`,
 * as `npm run serve`; docs/decisions/104-renders-take-turns-and-node-memory-settings.md): with Node's
 * default the p95 at 5,000 services was 47.5 and 47.7 ms, with the server's (16 MB then) 41.9 and 39.9 ms (same
 * host, one run after the other). Alone: `node --max-semi-space-size=8 --import tsx bench/finder.ts [--smoke]`.
 */
import { sql } from "drizzle-orm";
import {
  type DatabaseHandle,
  installDatabase,
  openDatabase,
  selectRows,
} from "#app/db/client.server";
import { refreshPlacesUntil } from "#app/features/services/capacity.server";
import { type FinderFilters, findServices } from "#app/features/services/services.server";

export interface FinderTiming {
  query: string;
  median: number;
  p95: number;
}

export interface FinderEngineResult {
  engine: "PGlite" | "PostgreSQL";
  services: number;
  timings: FinderTiming[];
  worst: FinderTiming;
}

// The beds tables (docs/decisions/227-beds-tonight.md) and listing reports
// (docs/decisions/245-listing-reports.md) reference hsds_service: emptied with it.
const TABLES =
  "listing_reports, capacity_changes, bed_update_links, hsds_service_capacity, hsds_unit, hsds_language, hsds_phone, hsds_schedule, hsds_accessibility, hsds_address, hsds_service_at_location, hsds_location, hsds_service, hsds_organization";

const QUERIES: Record<string, Omit<FinderFilters, "locale">> = {
  "no filter": {},
  "open=now": { openNow: true },
  "category=shelter": { category: "shelter" },
  "q=meals families": { q: "meals families" },
  "q=rare word": { q: "bayou" },
  "lang=es": { lang: "es" },
  "for=veterans": { for: "veterans" },
  "places=now": { placesNow: true },
};

/** `count` services at as many places, one an organization in 50, with hours of every shape. */
export async function seedServices(handle: DatabaseHandle, count: number) {
  const statements = [
    `insert into hsds_organization (id, name) select 'org-' || g, 'Helping group ' || g from generate_series(1, 50) g`,
    `insert into hsds_service (id, organization_id, name, description, eligibility_description, category, status, search_text)
      select 'svc-' || g, 'org-' || (g % 50 + 1),
        (array['Shelter', 'Meals', 'Showers', 'Clinic', 'Legal help', 'Jobs'])[g % 6 + 1] || ' ' || g || case when g = 4242 then ' on the bayou' else '' end,
        case when g % 2 = 0 then 'Hot meals for families' else 'Support and referrals' end || ' ' || md5(g::text),
        (array['Women and children', 'Veterans', 'Youth', 'Everyone'])[g % 4 + 1],
        (array['shelter', 'food', 'showers', 'clinic', 'legal', 'jobs', 'warming-center', 'other'])[g % 8 + 1],
        case when g % 20 = 0 then 'inactive' else 'active' end, ''
      from generate_series(1, ${count}) g`,
    `update hsds_service s set search_text = concat_ws(E'\\n', s.name, s.description, o.name) from hsds_organization o where o.id = s.organization_id`,
    `insert into hsds_location (id, name, latitude, longitude) select 'loc-' || g, 'Place ' || g, 29.7 + (g % 100) / 1000.0, -95.4 + (g % 70) / 1000.0 from generate_series(1, ${count}) g`,
    `insert into hsds_address (id, location_id, address_1, city, state_province, postal_code, country)
      select 'adr-' || g, 'loc-' || g, g || ' Main Street', 'Houston', 'TX', '77002', 'US' from generate_series(1, ${count}) g`,
    `insert into hsds_service_at_location (id, service_id, location_id) select 'sal-' || g, 'svc-' || g, 'loc-' || g from generate_series(1, ${count}) g`,
    `insert into hsds_phone (id, service_id, number, type) select 'ph-' || g, 'svc-' || g, '(713) 555-' || lpad((g % 10000)::text, 4, '0'), 'voice' from generate_series(1, ${count}) g`,
    `insert into hsds_language (id, service_id, code, name) select 'lg-' || g, 'svc-' || g, case when g % 3 = 0 then 'es' else 'en' end, case when g % 3 = 0 then 'Spanish' else 'English' end from generate_series(1, ${count}) g`,
    // Overnight, weekday, split (two rows), round the clock, temporary, and none (call for hours).
    `insert into hsds_schedule (id, service_at_location_id, freq, byday, opens_at, closes_at, valid_from, valid_to)
      select 'sch-' || g, 'sal-' || g, 'WEEKLY',
        case when g % 5 = 1 then 'MO,TU,WE,TH,FR' else 'MO,TU,WE,TH,FR,SA,SU' end,
        (array['19:00:00', '09:00:00', '07:00:00', '00:00:00', '18:00:00'])[g % 5 + 1],
        (array['07:00:00', '17:00:00', '09:00:00', '00:00:00', '08:00:00'])[g % 5 + 1],
        case when g % 5 = 4 then current_date end, case when g % 5 = 4 then current_date + 14 end
      from generate_series(1, ${count}) g where g % 7 <> 0`,
    `insert into hsds_schedule (id, service_at_location_id, freq, byday, opens_at, closes_at)
      select 'sch2-' || g, 'sal-' || g, 'WEEKLY', 'MO,TU,WE,TH,FR,SA,SU', '17:00:00', '19:00:00'
      from generate_series(1, ${count}) g where g % 5 = 2`,
  ];
  for (const statement of statements) await handle.db.execute(sql.raw(statement));
  for (const table of TABLES.split(", ")) await handle.db.execute(sql.raw(`analyze ${table}`));
}

/**
 * Counts (docs/decisions/227-beds-tonight.md) at every shelter and warming center of seedServices:
 * beds or mats, a second count ("Women") at one shelter in three, set from 0 to 8 hours ago (so
 * about a third are past the 6-hour window), some full; with any count fresh, the finder orders
 * open services with places first (docs/decisions/229-finder-order-with-places.md).
 */
export async function seedCounts(handle: DatabaseHandle, count: number) {
  const statements = [
    `insert into hsds_unit (id, name) values ('unit-bed', 'bed'), ('unit-mat', 'mat')`,
    `insert into hsds_service_capacity (id, service_id, unit_id, available, maximum, updated)
      select 'cap-' || g, 'svc-' || g, case when g % 8 = 0 then 'unit-bed' else 'unit-mat' end,
        g % 13, 40, now() - make_interval(hours => g % 9)
      from generate_series(1, ${count}) g where g % 8 in (0, 6)`,
    `insert into hsds_service_capacity (id, service_id, unit_id, available, maximum, description, updated)
      select 'cap2-' || g, 'svc-' || g, 'unit-bed', g % 7, 20, 'Women', now() - make_interval(hours => g % 5)
      from generate_series(1, ${count}) g where g % 24 = 0`,
  ];
  for (const statement of statements) await handle.db.execute(sql.raw(statement));
  const shelters = await selectRows<{ service_id: string }>(
    sql`select distinct service_id from hsds_service_capacity`,
    handle.db,
  );
  await refreshPlacesUntil(
    handle.db,
    shelters.map((row) => row.service_id),
  );
  for (const table of ["hsds_service_capacity", "hsds_unit", "hsds_service"]) {
    await handle.db.execute(sql.raw(`analyze ${table}`));
  }
}

async function benchOn(
  engine: FinderEngineResult["engine"],
  handle: DatabaseHandle,
  smoke: boolean,
): Promise<FinderEngineResult> {
  const services = smoke ? 500 : 5_000;
  const runs = smoke ? 5 : 40;
  await handle.migrate();
  installDatabase(handle);
  await handle.db.execute(sql.raw(`truncate ${TABLES}`));
  const timings: FinderTiming[] = [];
  try {
    await seedServices(handle, services);
    await seedCounts(handle, services);
    console.log(
      `Service finder over ${services.toLocaleString("en-US")} services with bed counts (${engine}):`,
    );
    for (const [name, filters] of Object.entries(QUERIES)) {
      const times: number[] = [];
      for (let run = 0; run < runs + 3; run += 1) {
        const t0 = performance.now();
        await findServices({ locale: "en", ...filters }, new Date());
        // The first runs warm the caches, as a running server's would be.
        if (run >= 3) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const timing = {
        query: name,
        median: times[Math.floor(times.length / 2)],
        p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
      };
      timings.push(timing);
      console.log(
        `  ${name.padEnd(20)} median ${timing.median.toFixed(1)} ms  p95 ${timing.p95.toFixed(1)} ms`,
      );
    }
  } finally {
    await handle.db.execute(sql.raw(`truncate ${TABLES}`));
    await handle.close();
  }
  const worst = timings.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  return { engine, services, timings, worst };
}

export async function benchFinder(smoke: boolean): Promise<FinderEngineResult[]> {
  const results = [await benchOn("PGlite", openDatabase({ pgliteDir: "memory://" }), smoke)];
  if (process.env.BENCH_DATABASE_URL) {
    results.push(
      await benchOn(
        "PostgreSQL",
        openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL }),
        smoke,
      ),
    );
  }
  return results;
}

if (process.argv[1]?.endsWith("bench/finder.ts")) {
  for (const result of await benchFinder(process.argv.includes("--smoke"))) {
    console.log(
      `${result.engine}: worst p95 ${result.worst.p95.toFixed(1)} ms (${result.worst.query}), target <= 50 ms`,
    );
  }
}
