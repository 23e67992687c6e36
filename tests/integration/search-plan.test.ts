/**
 * Search at 100,000 items of each kind (docs/decisions/102-search-indexes.md): the plan of each
 * query the /resources page runs, for a rare term, a common term, no term and a term matching
 * nothing, uses the indexes rather than reading the table. How fast it runs is measured by
 * `npm run bench`.
 */
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import { type LibraryKind, publishedQuery } from "#app/features/library/resources.server";
import { libraryTables, searchTerms, seedLibrary } from "../../bench/library-rows";

const ROWS = 100_000;

/** Inlines the bound parameters (strings, numbers, booleans) so the query can be EXPLAINed. */
function inlined({ sql: text, params }: { sql: string; params: unknown[] }) {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(value);
  });
}

async function planOf(kind: LibraryKind, term: string, page = 1) {
  const query = publishedQuery(kind, { term, page }).toSQL();
  const rows = await selectRows<Record<string, string>>(sql.raw(`explain ${inlined(query)}`));
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

describe.each(Object.keys(libraryTables) as LibraryKind[])(
  "search plans over 100,000 %s",
  (kind) => {
    const table = libraryTables[kind];

    test("each query shape uses an index, and finds the right rows", {
      timeout: 600_000,
    }, async () => {
      await seedLibrary(kind, ROWS);

      // A rare term and a term matching nothing: the trigram index of the folded text.
      for (const term of [searchTerms.rare, searchTerms.noMatch]) {
        const plan = await planOf(kind, term);
        expect(plan, term).toContain(`${table}_search_trgm_idx`);
        expect(plan, term).not.toContain(`Seq Scan on ${table}`);
      }

      // No term: published rows read newest first from the partial index, no sort of the table.
      const browse = await planOf(kind, searchTerms.none);
      expect(browse).toContain(`${table}_published_newest_idx`);
      expect(browse).not.toMatch(/Sort|Seq Scan/);
      // A later page reads the same index.
      expect(await planOf(kind, "", 40)).toContain(`${table}_published_newest_idx`);

      // A common term (half the rows): either index, never the whole table.
      const common = await planOf(kind, searchTerms.common);
      expect(common).toMatch(new RegExp(`${table}_(published_newest|search_trgm)_idx`));
      expect(common).not.toContain(`Seq Scan on ${table}`);

      // Accents and case do not matter; the order is newest first.
      const titles = async (term: string) =>
        (await publishedQuery(kind, { term, page: 1 })).map((row) => row.title);
      expect(await titles("informacion")).toEqual(["Guía de Información para familias"]);
      expect(await titles("INFORMACIÓN")).toEqual(["Guía de Información para familias"]);
      expect(await titles("transit vouchers")).toEqual(["Legal guide 9004"]);
      expect(await titles("zzqxw")).toEqual([]);

      const newest = await publishedQuery(kind, { term: "", page: 1 });
      expect(newest).toHaveLength(13); // a page of 12 and one more to know a next page exists
      const times = newest.map((row) => row.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  },
);
