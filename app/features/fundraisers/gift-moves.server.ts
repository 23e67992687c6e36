/**
 * Finance moves a gift from one fundraiser page to another or to the general fund, with a note
 * (docs/decisions/225-fundraiser-staff-tools.md). Only the gift's attribution changes: its amount,
 * status and payment stay, so the dashboard's totals do not move; both pages' raised do.
 */

import { desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraiserGiftMoves, fundraisers } from "#app/db/schema/fundraisers";
import {
  pageGifts as giftsOnPages,
  lockGiftPage,
  setGiftPage,
} from "#app/features/donations/index.server";
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
    const gift = await lockGiftPage(tx, donationId);
    if (!gift?.pageId) return "no-gift" as const;
    if (gift.pageId === toId) return "same" as const;
    if (toId) {
      const [page] = await tx
        .select({ status: fundraisers.status })
        .from(fundraisers)
        .where(eq(fundraisers.id, toId));
      if (!page || !PUBLIC_STATUSES.includes(page.status)) return "no-page" as const;
    }
    await setGiftPage(tx, donationId, toId, now());
    await tx.insert(fundraiserGiftMoves).values({
      donationId,
      fromFundraiserId: gift.pageId,
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
  const gifts = await giftsOnPages(ids, {
    which: "everSucceeded",
    limit: ids.length * GIFTS_PER_PAGE,
  });
  for (const gift of gifts) {
    const list = byPage.get(gift.pageId) ?? [];
    if (list.length >= GIFTS_PER_PAGE) continue;
    list.push({
      id: gift.id,
      donor: gift.isAnonymous ? "Anonymous" : gift.donorName?.trim() || "(no name given)",
      amountCents: gift.amount,
      at: gift.succeededAt,
    });
    byPage.set(gift.pageId, list);
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
