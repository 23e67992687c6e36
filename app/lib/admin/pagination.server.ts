import { and, desc, getTableColumns, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { db } from "#app/db/client.server";

export const PAGE_SIZE = 25;

const pageSchema = z.coerce.number().int().min(1).max(1_000_000);

/** The ?page= of a request; anything that is not a sensible page number means the first page. */
export function pageFrom(request: Request): number {
  const parsed = pageSchema.safeParse(new URL(request.url).searchParams.get("page") ?? 1);
  return parsed.success ? parsed.data : 1;
}

export interface Page<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
}

type NewestFirstTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * One page of a table, newest first (id breaks ties so pages never overlap). A page past the end
 * shows the last page.
 */
export async function newestFirst<T extends NewestFirstTable>(
  table: T,
  page: number,
  where?: SQL,
): Promise<Page<T["$inferSelect"]>> {
  const total = await db().$count(table, where);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db()
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE);
  return { rows: rows as T["$inferSelect"][], page: current, pageCount, total };
}

/** Rows an export holds in memory at once (docs/decisions/134-streamed-exports.md). */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every row of a table in a range, newest first, in batches read by keyset (created_at, id), so an
 * export of any size holds one batch in memory and never an open transaction. The cursor keeps
 * created_at as the database's text: a JavaScript Date would drop its microseconds and skip rows.
 */
export async function* newestFirstBatches<T extends NewestFirstTable>(
  table: T,
  where?: SQL,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<T["$inferSelect"][]> {
  let after: { createdAt: string; id: unknown } | null = null;
  while (true) {
    const keyset: SQL | undefined = after
      ? and(
          lte(table.createdAt, sql`${after.createdAt}::timestamptz`),
          or(lt(table.createdAt, sql`${after.createdAt}::timestamptz`), lt(table.id, after.id)),
        )
      : undefined;
    const rows = await db()
      .select({ ...getTableColumns(table), keysetCreatedAt: sql<string>`${table.createdAt}::text` })
      .from(table as PgTable)
      .where(and(where, keyset))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows as T["$inferSelect"][];
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as unknown as { keysetCreatedAt: string; id: unknown };
    after = { createdAt: last.keysetCreatedAt, id: last.id };
  }
}

/** Each batch with its rows turned into what an export writes. */
export async function* mapBatches<Row, Shown>(
  batches: AsyncIterable<Row[]>,
  show: (row: Row) => Shown,
): AsyncGenerator<Shown[]> {
  for await (const batch of batches) yield batch.map(show);
}

/** The same page with each row turned into what the table shows. */
export function mapPage<Row, Shown>(page: Page<Row>, show: (row: Row) => Shown): Page<Shown> {
  return { ...page, rows: page.rows.map(show) };
}
