/**
 * Resource search over 100,000 published statistics on PGlite (and on PostgreSQL when
 * BENCH_DATABASE_URL is set): median and p95 time of one page of results, for a rare term, a common
 * term, no term and a term matching nothing.
 */
import { sql } from "drizzle-orm";
import { installDatabase, openDatabase } from "#app/db/client.server";
import { publishedStatistics } from "#app/lib/resources.server";

const ITEMS = 100_000;
const RUNS = 30;
const TERMS = ["shelter 4242", "housing", "", "no-such-word-anywhere"];

async function benchOn(label: string, handle: ReturnType<typeof openDatabase>) {
  await handle.migrate();
  installDatabase(handle);
  await handle.db.execute(sql`truncate statistics`);
  await handle.db.execute(sql`
    insert into statistics (title, description, source, is_published, created_at)
    select 'Statistic ' || i || case when i % 50 = 0 then ' housing' else '' end,
           'Emergency shelter count ' || i || ' for Harris County',
           'Bench', true, now() - (i || ' seconds')::interval
    from generate_series(1, ${ITEMS}) as i`);
  await handle.db.execute(sql`analyze statistics`);
  console.log(`Search over ${ITEMS.toLocaleString("en-US")} statistics (${label}):`);
  for (const term of TERMS) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      await publishedStatistics({ term, page: 1 });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)].toFixed(1);
    const p95 = times[Math.floor(RUNS * 0.95)].toFixed(1);
    console.log(`  ${JSON.stringify(term).padEnd(24)} median ${median} ms  p95 ${p95} ms`);
  }
  await handle.db.execute(sql`truncate statistics`);
  await handle.close();
}

export async function benchSearch() {
  await benchOn("PGlite", openDatabase({ pgliteDir: "memory://" }));
  if (process.env.BENCH_DATABASE_URL) {
    await benchOn("PostgreSQL", openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL }));
  }
}
