/**
 * Resource search at 100,000 rows of each kind on PGlite (and on PostgreSQL when
 * BENCH_DATABASE_URL names a throwaway database: its library tables are emptied): median and p95
 * of one page of results as /resources asks for it, for a rare term, a common term, no term and a
 * term matching nothing.
 */
import { sql } from "drizzle-orm";
import { type DatabaseHandle, installDatabase, openDatabase } from "#app/db/client.server";
import { type LibraryKind, publishedQuery } from "#app/features/library/resources.server";
import { libraryTables, searchTerms, seedLibrary } from "./library-rows";

export interface SearchTiming {
  kind: LibraryKind;
  term: string;
  median: number;
  p95: number;
}

export interface EngineResult {
  engine: "PGlite" | "PostgreSQL";
  rows: number;
  timings: SearchTiming[];
  worst: SearchTiming;
}

async function benchOn(
  engine: EngineResult["engine"],
  handle: DatabaseHandle,
  smoke: boolean,
): Promise<EngineResult> {
  const rows = smoke ? 2_000 : 100_000;
  const runs = smoke ? 5 : 40;
  await handle.migrate();
  installDatabase(handle);
  const tables = Object.values(libraryTables).join(", ");
  await handle.db.execute(sql.raw(`truncate ${tables}`));
  const timings: SearchTiming[] = [];
  try {
    console.log(`Search over ${rows.toLocaleString("en-US")} rows of each kind (${engine}):`);
    for (const kind of Object.keys(libraryTables) as LibraryKind[]) {
      await seedLibrary(kind, rows);
      for (const term of Object.values(searchTerms)) {
        const times: number[] = [];
        for (let run = 0; run < runs + 3; run += 1) {
          const t0 = performance.now();
          await publishedQuery(kind, { term, page: 1 });
          // The first runs warm the caches, as a running server's would be.
          if (run >= 3) times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const timing = {
          kind,
          term,
          median: times[Math.floor(times.length / 2)],
          p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
        };
        timings.push(timing);
        console.log(
          `  ${kind.padEnd(10)} ${JSON.stringify(term).padEnd(14)} median ${timing.median.toFixed(1)} ms  p95 ${timing.p95.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await handle.db.execute(sql.raw(`truncate ${tables}`));
    await handle.close();
  }
  const worst = timings.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  return { engine, rows, timings, worst };
}

export async function benchSearch(smoke: boolean): Promise<EngineResult[]> {
  const results = [await benchOn("PGlite", openDatabase({ pgliteDir: "memory://" }), smoke)];
  if (process.env.BENCH_DATABASE_URL) {
    const handle = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
    results.push(await benchOn("PostgreSQL", handle, smoke));
  }
  return results;
}
