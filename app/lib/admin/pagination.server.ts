import { desc, type SQL } from "drizzle-orm";
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

/** Every row of a table in a range, newest first, for an export. */
export async function allNewestFirst<T extends NewestFirstTable>(
  table: T,
  where?: SQL,
): Promise<T["$inferSelect"][]> {
  const rows = await db()
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id));
  return rows as T["$inferSelect"][];
}

/** The same page with each row turned into what the table shows. */
export function mapPage<Row, Shown>(page: Page<Row>, show: (row: Row) => Shown): Page<Shown> {
  return { ...page, rows: page.rows.map(show) };
}
