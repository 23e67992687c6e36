/**
 * A realistically sized resources library for the search bench and the search-plan test: `rows`
 * items of one kind, 90% published, one a minute back in time, half of them about housing, each
 * with an md5 so the text varies like real titles do. Two rare items: "Guía de Información para
 * familias" (accents) and "Legal guide 9004" described as "Free TRANSIT vouchers" (capitals).
 */
import { sql } from "drizzle-orm";
import { database, db, selectRows } from "#app/db/client.server";
import type { LibraryKind } from "#app/features/library/resources.server";

export const libraryTables: Record<LibraryKind, string> = {
  documents: "documents",
  statistics: "statistics",
  links: "external_links",
};

/** Search terms of each shape the page sees. */
export const searchTerms = {
  rare: "informacion",
  common: "housing",
  none: "",
  noMatch: "zzqxw",
} as const;

const SEED_BATCH = 5_000;

export async function seedLibrary(kind: LibraryKind, rows: number) {
  const table = libraryTables[kind];
  const shared = `(array['Shelter', 'Food', 'Clinic', 'Job', 'Legal', 'Transit'])[g % 6 + 1] || ' guide ' || g,
    case when g % 2 = 0 then 'Housing help and meals' else 'Support for families' end || ', part ' || md5(g::text),
    g % 10 <> 0, now() - g * interval '1 minute'`;
  const insert = (first: number, last: number) => {
    const series = `generate_series(${first}, ${last}) as g`;
    return {
      documents: `insert into documents (title, description, is_published, created_at, file_url, storage_key, file_type, file_size)
        select ${shared}, '/files/' || g || '.pdf', g || '.pdf', 'PDF', '1.0 KB' from ${series}`,
      statistics: `insert into statistics (title, description, is_published, created_at, source)
        select ${shared}, 'County count' from ${series}`,
      links: `insert into external_links (title, description, is_published, created_at, url)
        select ${shared}, 'https://example.org/' || g from ${series}`,
    }[kind];
  };
  // The table's indexes are built again after the rows are in, from their own definitions: one
  // build is several times faster than adding each row's trigrams to the index as it comes.
  const indexes = await selectRows<{ name: string; definition: string }>(
    sql.raw(`select indexname as name, indexdef as definition from pg_indexes
      where tablename = '${table}' and indexname <> '${table}_pkey'`),
  );
  for (const { name } of indexes) await db().execute(sql.raw(`drop index "${name}"`));
  // In batches: one statement for 100,000 rows outlasts the app's statement timeout on PostgreSQL.
  for (let first = 1; first <= rows; first += SEED_BATCH) {
    await db().execute(sql.raw(insert(first, Math.min(rows, first + SEED_BATCH - 1))));
  }
  // A build may outlast the pool's statement and read timeouts on a busy host: none for these.
  await database().withoutTimeouts(async (session) => {
    for (const { definition } of indexes) await session.execute(sql.raw(definition));
  });
  await db().execute(
    sql.raw(`update ${table} set title = 'Guía de Información para familias', is_published = true
      where title = 'Food guide 4201'`),
  );
  await db().execute(
    sql.raw(`update ${table} set description = 'Free TRANSIT vouchers', is_published = true
      where title = 'Legal guide 9004'`),
  );
  await db().execute(sql.raw(`analyze ${table}`));
}
