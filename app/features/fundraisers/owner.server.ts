/**
 * What the owner's management link may see and do on its one page
 * (docs/decisions/222-fundraiser-owner-link.md): the gifts (names unless anonymous, amounts, never
 * a donor's address or card), edits of the story, photo, goal and end date (a story or photo edit
 * of a public page waits for staff), pausing, reopening and closing.
 */

import { and, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { mailOutbox } from "#app/db/schema/outbox";
import { pageGifts, pageTotals } from "#app/features/donations/index.server";
import { now } from "#app/lib/clock.server";
import { fundraisersChanged } from "./changes.server";
import { deletePhotos, type ProcessedPhoto, withStagedPhoto } from "./photos.server";
import {
  EDITABLE_STATUSES,
  type FundraiserStatus,
  ownerCanMove,
  REVIEWED_EDIT_STATUSES,
} from "./status";
import { NO_GIFTS } from "./totals.server";

/** The most gifts the owner's page lists (newest first). */
const LISTED_GIFTS = 500;

export const thanksKey = (giftId: string) => `fundraiser-thanks:${giftId}`;

/** The owner's page: the fundraiser, its totals and its succeeded gifts, each thanked or not. */
export async function ownerView(id: string) {
  const [page] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
  if (!page || page.status === "draft") return null;
  const totals = (await pageTotals([id])).get(id) ?? NO_GIFTS;
  const gifts = await pageGifts([id], { which: "succeeded", limit: LISTED_GIFTS });
  const thanked = new Set(
    gifts.length === 0
      ? []
      : (
          await db()
            .select({ key: mailOutbox.dedupeKey })
            .from(mailOutbox)
            .where(
              inArray(
                mailOutbox.dedupeKey,
                gifts.map((gift) => thanksKey(gift.id)),
              ),
            )
        ).map((row) => row.key),
  );
  return {
    page,
    raisedCents: totals.raisedCents,
    giftCount: totals.gifts,
    gifts: gifts.map((gift) => ({
      id: gift.id,
      // An anonymous donor's name stays out of the owner's page too.
      name: gift.isAnonymous ? null : gift.donorName?.trim() || null,
      amountCents: gift.netCents,
      currency: gift.currency,
      monthly: gift.isMonthly,
      at: gift.succeededAt.toISOString(),
      thanked: thanked.has(thanksKey(gift.id)),
    })),
  };
}

export type OwnerView = NonNullable<Awaited<ReturnType<typeof ownerView>>>;

export interface OwnerEdit {
  story: string;
  goal: number;
  endDate?: string;
  /** A new photo, processed (photos.server.ts). */
  photo?: ProcessedPhoto | null;
}

export type EditResult = "saved" | "review" | "not-allowed";

/**
 * Saves the owner's edit. The goal and end date change at once; a new story or photo of a page the
 * public sees waits in `pendingStory` / `pendingPhotoKey` for staff (the page keeps its approved
 * ones), and a pending page's story and photo change at once (staff have not reviewed it yet).
 */
export async function editFundraiser(id: string, edit: OwnerEdit): Promise<EditResult> {
  let replaced: string | null = null;
  const result = await withStagedPhoto(edit.photo, async (photoKey) => {
    const value = await db().transaction(async (tx) => {
      const [page] = await tx
        .select()
        .from(fundraisers)
        .where(eq(fundraisers.id, id))
        .for("update");
      if (!page || !EDITABLE_STATUSES.includes(page.status)) return "not-allowed" as const;
      const reviewed = REVIEWED_EDIT_STATUSES.includes(page.status);
      const storyChanged = edit.story !== page.story;
      const photo = edit.photo && photoKey ? { key: photoKey, ...edit.photo } : null;
      if (photo) replaced = reviewed ? page.pendingPhotoKey : page.photoKey;
      await tx
        .update(fundraisers)
        .set({
          goalCents: edit.goal * 100,
          endDate: edit.endDate ?? null,
          ...(reviewed
            ? { pendingStory: storyChanged ? edit.story : null }
            : { story: edit.story, pendingStory: null }),
          ...(photo && reviewed
            ? {
                pendingPhotoKey: photo.key,
                pendingPhotoWidth: photo.width,
                pendingPhotoHeight: photo.height,
              }
            : {}),
          ...(photo && !reviewed
            ? { photoKey: photo.key, photoWidth: photo.width, photoHeight: photo.height }
            : {}),
          updatedAt: now(),
        })
        .where(eq(fundraisers.id, id));
      return reviewed && (storyChanged || photo) ? ("review" as const) : ("saved" as const);
    });
    return { value, stored: value !== "not-allowed" };
  });
  await deletePhotos([replaced]);
  if (result !== "not-allowed") fundraisersChanged();
  return result;
}

export type OwnerMove = "pause" | "reopen" | "close";

const OWNER_MOVE_TO: Record<OwnerMove, FundraiserStatus> = {
  pause: "paused",
  reopen: "approved",
  close: "closed",
};

/** The owner pauses, reopens or closes the page, when its status allows it. */
export async function ownerMoveFundraiser(id: string, move: OwnerMove): Promise<boolean> {
  const to = OWNER_MOVE_TO[move];
  const [page] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
  if (!page || !ownerCanMove(page.status, to)) return false;
  const moved = await db()
    .update(fundraisers)
    .set({ status: to, updatedAt: now() })
    .where(and(eq(fundraisers.id, id), eq(fundraisers.status, page.status)))
    .returning({ id: fundraisers.id });
  if (moved.length > 0) fundraisersChanged();
  return moved.length > 0;
}
