/**
 * What each fundraiser page raised (docs/decisions/221-fundraisers.md): from the same succeeded,
 * refunded-less gifts as the dashboard's totals.
 */
import { and, count, eq, inArray, max, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { donations } from "#app/db/schema/donations";
import { netGiftCents } from "#app/features/donations/index.server";

export interface FundraiserTotals {
  raisedCents: number;
  gifts: number;
  /** The latest succeeded gift, if any. */
  lastGiftAt: Date | null;
}

/** Raised and the number of gifts of each page: succeeded gifts attributed to it, less refunds. */
export async function fundraiserTotals(ids: string[]): Promise<Map<string, FundraiserTotals>> {
  const totals = new Map<string, FundraiserTotals>();
  if (ids.length === 0) return totals;
  const rows = await db()
    .select({
      id: donations.fundraiserId,
      raised: sql<string>`coalesce(sum(${netGiftCents}), 0)`,
      gifts: count(),
      lastGiftAt: max(donations.succeededAt),
    })
    .from(donations)
    .where(and(inArray(donations.fundraiserId, ids), eq(donations.status, "succeeded")))
    .groupBy(donations.fundraiserId);
  for (const row of rows) {
    if (row.id) {
      totals.set(row.id, {
        raisedCents: Number(row.raised),
        gifts: Number(row.gifts),
        lastGiftAt: row.lastGiftAt ? new Date(row.lastGiftAt) : null,
      });
    }
  }
  return totals;
}

export const NO_GIFTS: FundraiserTotals = { raisedCents: 0, gifts: 0, lastGiftAt: null };
