/**
 * Finance moves a gift from one fundraiser page to another or to the general fund, with a note
 * (docs/decisions/225-fundraiser-staff-tools.md). Only the gift's attribution changes: its amount,
 * status and payment stay, so the dashboard's totals do not move; both pages' raised do.
 */

import { desc, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { donations } from "#app/db/schema/donations";
import { fundraiserGiftMoves, fundraisers } from "#app/db/schema/fundraisers";
import { now } from "#app/lib/clock.server";
import { logger } from "#app/lib/logger.server";
import { fundraisersChanged } from "./changes.server";
import { PUBLIC_STATUSES } from "./status";

export type GiftMoveResult = "moved" | "no-gift" | "no-page" | "same";

/** Moves gift `donationId` (given on a page) to page `toId`, or to the general fund when null. */
export async function moveGift(
  donationId: string,
  toId: string | null,
  note: string,
  staffUserId: string,
): Promise<GiftMoveResult> {
  const result = await db().transaction(async (tx) => {
    const [gift] = await tx
      .select({ id: donations.id, fundraiserId: donations.fundraiserId })
      .from(donations)
      .where(eq(donations.id, donationId))
      .for("update");
    if (!gift?.fundraiserId) return "no-gift" as const;
    if (gift.fundraiserId === toId) return "same" as const;
    if (toId) {
      const [page] = await tx
        .select({ status: fundraisers.status })
        .from(fundraisers)
        .where(eq(fundraisers.id, toId));
      if (!page || !PUBLIC_STATUSES.includes(page.status)) return "no-page" as const;
    }
    await tx
      .update(donations)
      .set({ fundraiserId: toId, updatedAt: now() })
      .where(eq(donations.id, donationId));
    await tx.insert(fundraiserGiftMoves).values({
      donationId,
      fromFundraiserId: gift.fundraiserId,
      toFundraiserId: toId,
      note,
      movedBy: staffUserId,
    });
    return "moved" as const;
  });
  if (result === "moved") {
    logger.info({ donationId, to: toId ?? "general fund", staffUserId }, "fundraiser gift moved");
    fundraisersChanged();
  }
  return result;
}

/** The most gifts the tab lists per page. */
const GIFTS_PER_PAGE = 50;

/** The succeeded gifts of each page, newest first, for the tab's move forms. */
export async function pageGifts(ids: string[]) {
  const byPage = new Map<string, { id: string; donor: string; amountCents: number; at: Date }[]>();
  if (ids.length === 0) return byPage;
  const rows = await db()
    .select({
      id: donations.id,
      fundraiserId: donations.fundraiserId,
      name: donations.donorName,
      anonymous: donations.isAnonymous,
      amount: donations.amount,
      at: donations.succeededAt,
    })
    .from(donations)
    .where(inArray(donations.fundraiserId, ids))
    .orderBy(desc(donations.succeededAt))
    .limit(ids.length * GIFTS_PER_PAGE);
  for (const row of rows) {
    if (!row.fundraiserId || !row.at) continue;
    const list = byPage.get(row.fundraiserId) ?? [];
    if (list.length >= GIFTS_PER_PAGE) continue;
    list.push({
      id: row.id,
      donor: row.anonymous ? "Anonymous" : row.name?.trim() || "(no name given)",
      amountCents: row.amount,
      at: row.at,
    });
    byPage.set(row.fundraiserId, list);
  }
  return byPage;
}

/** The latest moves, for the tab's log. */
export async function recentGiftMoves(limit = 20) {
  return db()
    .select()
    .from(fundraiserGiftMoves)
    .orderBy(desc(fundraiserGiftMoves.createdAt))
    .limit(limit);
}
