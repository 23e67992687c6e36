/**
 * What the features built on donations read of gifts, and the one change they make (a gift moved
 * to another fundraiser page), so that only donations touches its tables
 * (docs/decisions/265-features-through-front-doors.md; exported by index.server.ts). A gift's
 * page is donations' own column (`fundraiser_id`): these functions know it as a page id and know
 * nothing else of pages.
 */
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  max,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { db } from "#app/db/client.server";
import { donations } from "#app/db/schema/donations";
import type { Queryable } from "#app/lib/outbox.server";
import { netGiftCents } from "./net-gift.server";

/** States of a gift another feature asks about. */
const GIFT_STATES = {
  /** Refunded (even in part) or cancelled: what followed the gift must not go on. */
  undone: or(inArray(donations.status, ["refunded", "canceled"]), gt(donations.refundedAmount, 0)),
  /** Paid and nothing refunded. */
  paid: and(eq(donations.status, "succeeded"), eq(donations.refundedAmount, 0)),
  /** Paid or being paid (a declined or abandoned gift is not). */
  live: inArray(donations.status, ["pending", "processing", "succeeded"]),
} satisfies Record<string, SQL | undefined>;

export type GiftState = keyof typeof GIFT_STATES;

/** `column in (the ids of gifts in `state`)`: a condition on another feature's gift id column. */
export function giftIn(column: AnyColumn, state: GiftState): SQL {
  return sql`${column} in (select ${donations.id} from ${donations} where ${GIFT_STATES[state]})`;
}

/** What a card or a dedication's page shows of its gift. */
export interface GiftFacts {
  id: string;
  status: string;
  donorName: string | null;
  isAnonymous: boolean;
  amount: number;
}

/** The facts of the gifts `ids`, by id; an unknown id is missing from the map. */
export async function giftFacts(ids: string[], runner: Queryable = db()) {
  const found = new Map<string, GiftFacts>();
  if (ids.length === 0) return found;
  const rows = await runner
    .select({
      id: donations.id,
      status: donations.status,
      donorName: donations.donorName,
      isAnonymous: donations.isAnonymous,
      amount: donations.amount,
    })
    .from(donations)
    .where(inArray(donations.id, ids));
  for (const row of rows) found.set(row.id, row);
  return found;
}

/** A gift as the fundraiser pages list it. */
export interface PageGift extends GiftFacts {
  pageId: string;
  donorEmail: string | null;
  language: string;
  /** What the gift adds to its page's raised: the amount less refunds (netGiftCents). */
  netCents: number;
  currency: string;
  isMonthly: boolean;
  /** The donor let the page show the amount. */
  showAmount: boolean;
  succeededAt: Date;
}

/**
 * The gifts given on the pages `pageIds`, newest first, at most `limit`: those that succeeded and
 * stand (`succeeded`), or every gift that once succeeded, refunded ones too (`everSucceeded`);
 * `giftIds` narrows them to those gifts, `withEmail` to donors who gave an address.
 */
export async function pageGifts(
  pageIds: string[],
  options: {
    which: "succeeded" | "everSucceeded";
    limit: number;
    giftIds?: string[];
    withEmail?: boolean;
  },
): Promise<PageGift[]> {
  if (pageIds.length === 0 || options.giftIds?.length === 0) return [];
  const rows = await db()
    .select({
      id: donations.id,
      pageId: donations.fundraiserId,
      status: donations.status,
      donorName: donations.donorName,
      isAnonymous: donations.isAnonymous,
      donorEmail: donations.donorEmail,
      language: donations.language,
      amount: donations.amount,
      netCents: netGiftCents,
      currency: donations.currency,
      isMonthly: donations.isMonthly,
      showAmount: donations.showAmount,
      succeededAt: donations.succeededAt,
    })
    .from(donations)
    .where(
      and(
        inArray(donations.fundraiserId, pageIds),
        options.which === "succeeded"
          ? eq(donations.status, "succeeded")
          : isNotNull(donations.succeededAt),
        options.giftIds ? inArray(donations.id, options.giftIds) : undefined,
        options.withEmail ? isNotNull(donations.donorEmail) : undefined,
      ),
    )
    .orderBy(desc(donations.succeededAt))
    .limit(options.limit);
  return rows.flatMap((row) =>
    row.pageId && row.succeededAt
      ? [
          {
            ...row,
            pageId: row.pageId,
            succeededAt: row.succeededAt,
            netCents: Number(row.netCents),
          },
        ]
      : [],
  );
}

/** A page's raised: its succeeded gifts less refunds; their number; the latest. */
export interface PageTotals {
  raisedCents: number;
  gifts: number;
  lastGiftAt: Date | null;
}

/** The totals of each of the pages `pageIds` that has a succeeded gift, read through `runner`. */
export async function pageTotals(
  pageIds: string[],
  runner: Queryable = db(),
): Promise<Map<string, PageTotals>> {
  const totals = new Map<string, PageTotals>();
  if (pageIds.length === 0) return totals;
  const rows = await runner
    .select({
      id: donations.fundraiserId,
      raised: sql<string>`coalesce(sum(${netGiftCents}), 0)`,
      gifts: count(),
      lastGiftAt: max(donations.succeededAt),
    })
    .from(donations)
    .where(and(inArray(donations.fundraiserId, pageIds), eq(donations.status, "succeeded")))
    .groupBy(donations.fundraiserId);
  for (const row of rows) {
    if (!row.id) continue;
    totals.set(row.id, {
      raisedCents: Number(row.raised),
      gifts: Number(row.gifts),
      lastGiftAt: row.lastGiftAt ? new Date(row.lastGiftAt) : null,
    });
  }
  return totals;
}

/**
 * The page of gift `donationId`, locked for the rest of `runner`'s transaction; undefined when
 * there is no such gift.
 */
export async function lockGiftPage(runner: Queryable, donationId: string) {
  const [gift] = await runner
    .select({ pageId: donations.fundraiserId })
    .from(donations)
    .where(eq(donations.id, donationId))
    .for("update");
  return gift;
}

/** Attributes gift `donationId` to page `pageId` (null: the general fund); nothing else changes. */
export async function setGiftPage(
  runner: Queryable,
  donationId: string,
  pageId: string | null,
  at: Date,
) {
  await runner
    .update(donations)
    .set({ fundraiserId: pageId, updatedAt: at })
    .where(eq(donations.id, donationId));
}
