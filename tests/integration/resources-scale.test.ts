import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, selectRows } from "#app/db/client.server";
import { publishedDocuments, publishedDocumentsQuery } from "#app/lib/resources.server";

/** Inlines the bound parameters (strings, numbers, booleans) so the query can be EXPLAINed. */
function inlined({ sql: text, params }: { sql: string; params: unknown[] }) {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(value);
  });
}

describe("search at 100,000 documents (D9)", () => {
  test("uses the trigram indexes and stays fast", { timeout: 300_000 }, async () => {
    await db().execute(sql`
      insert into documents (title, description, file_url, storage_key, file_type, file_size, is_published, created_at)
      select 'Resource guide ' || g || ' ' || md5(g::text),
             'Help with housing, meals and jobs, part ' || g,
             '/files/' || md5(g::text) || '.pdf', md5(g::text) || '.pdf', 'PDF', '12.0 KB',
             g % 10 <> 0, now() - g * interval '1 minute'
      from generate_series(1, 100000) as g`);
    await db().execute(sql`
      insert into documents (title, description, file_url, storage_key, file_type, file_size, is_published)
      values ('Ride share vouchers', 'Free transit for appointments', '/files/a.pdf', 'a.pdf', 'PDF', '1.0 KB', true),
             ('Clinic hours', 'Where to get TRANSIT passes', '/files/b.pdf', 'b.pdf', 'PDF', '1.0 KB', true)`);
    await db().execute(sql`analyze documents`);

    const request = { term: "transit", page: 1 };
    const plan = await selectRows<Record<string, string>>(
      sql.raw(`explain ${inlined(publishedDocumentsQuery(request).toSQL())}`),
    );
    const text = plan.map((row) => Object.values(row)[0]).join("\n");
    expect(text).toContain("documents_title_trgm_idx");
    expect(text).toContain("documents_description_trgm_idx");
    expect(text).not.toMatch(/Seq Scan on documents/);

    const started = performance.now();
    const result = await publishedDocuments(request);
    const elapsed = performance.now() - started;
    expect(result.items.map((item) => item.title).sort()).toEqual([
      "Clinic hours",
      "Ride share vouchers",
    ]);
    // Generous for slow CI machines and WASM PostgreSQL; a sequential scan of 100,000 rows with
    // ILIKE on both columns takes far longer there.
    expect(elapsed).toBeLessThan(1000);
  });
});
