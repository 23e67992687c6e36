import { and, asc, desc, getTableColumns, type SQL, sql } from "drizzle-orm";
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

/** What `keysetBatches` hands its query for one batch. */
export interface KeysetBatch {
  /** The rows after the previous batch's last (undefined for the first batch). */
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  /** The row's key as JSON text, to select as `keyset`. */
  keyset: SQL<string>;
}

/**
 * Every row a query reads, in batches by keyset on `key` (columns that order the rows uniquely,
 * all in one direction): no OFFSET, so an export of any size holds one batch in memory and never an
 * open transaction (docs/decisions/134-streamed-exports.md). The cursor keeps each key as the
 * database's text: a JavaScript Date would drop a timestamp's microseconds and skip rows.
 */
export async function* keysetBatches<Row>(
  key: readonly PgColumn[],
  direction: "asc" | "desc",
  read: (batch: KeysetBatch) => Promise<(Row & { keyset: string })[]>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const columns = sql.join([...key], sql`, `);
  const orderBy = key.map((column) => (direction === "asc" ? asc(column) : desc(column)));
  const keyset = sql<string>`json_build_array(${sql.join(
    key.map((column) => sql`${column}::text`),
    sql`, `,
  )})::text`;
  let after: SQL | undefined;
  while (true) {
    const rows = await read({ after, orderBy, limit: batchSize, keyset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last: string[] = JSON.parse(rows[rows.length - 1].keyset);
    const values = key.map((column, n) => sql`cast(${last[n]} as ${sql.raw(column.getSQLType())})`);
    const [op, bound] = direction === "asc" ? [sql`>`, sql`>=`] : [sql`<`, sql`<=`];
    // The bound on the first column alone lets an index on it skip the rows already read.
    after = sql`${key[0]} ${bound} ${values[0]} and (${columns}) ${op} (${sql.join(values, sql`, `)})`;
  }
}

/** Every row of a table in a range, newest first, by keyset on (created_at, id). */
export function newestFirstBatches<T extends NewestFirstTable>(
  table: T,
  where?: SQL,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<T["$inferSelect"][]> {
  return keysetBatches<T["$inferSelect"]>(
    [table.createdAt, table.id],
    "desc",
    ({ after, orderBy, limit, keyset }) =>
      db()
        .select({ ...getTableColumns(table), keyset })
        .from(table as PgTable)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit) as Promise<(T["$inferSelect"] & { keyset: string })[]>,
    batchSize,
  );
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
