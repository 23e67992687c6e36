/**
 * Staff review of an owner's new story or photo for a public page
 * (docs/decisions/222-fundraiser-owner-link.md, docs/decisions/254-fundraiser-photos.md): accepted,
 * they replace the page's (the replaced photo's file is removed); turned down, the page keeps its
 * own, the new photo's file is removed and the owner is told why by e-mail (the outbox, in the
 * owner's language). Also staff's own corrections of a page's text
 * (docs/decisions/225-fundraiser-staff-tools.md).
 */

import { and, eq, isNotNull, ne, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import * as clock from "#app/lib/clock.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { fundraisersChanged } from "./changes.server";
import { editRejectedMail } from "./mails.server";
import { deletePhotos } from "./photos.server";

export type EditDecision = { accept: true } | { accept: false; reason: string };

/** Returns false when the page has no story or photo waiting. */
export async function reviewOwnerEdit(id: string, decision: EditDecision): Promise<boolean> {
  const unused = await db().transaction(async (tx) => {
    const [page] = await tx
      .select()
      .from(fundraisers)
      .where(
        and(
          eq(fundraisers.id, id),
          or(isNotNull(fundraisers.pendingStory), isNotNull(fundraisers.pendingPhotoKey)),
        ),
      )
      .for("update");
    if (!page) return null;
    const now = clock.now();
    const newPhoto = decision.accept && page.pendingPhotoKey !== null;
    await tx
      .update(fundraisers)
      .set({
        ...(decision.accept && page.pendingStory !== null ? { story: page.pendingStory } : {}),
        ...(newPhoto
          ? {
              photoKey: page.pendingPhotoKey,
              photoWidth: page.pendingPhotoWidth,
              photoHeight: page.pendingPhotoHeight,
            }
          : {}),
        pendingStory: null,
        pendingPhotoKey: null,
        pendingPhotoWidth: null,
        pendingPhotoHeight: null,
        updatedAt: now,
      })
      .where(eq(fundraisers.id, id));
    if (!decision.accept) await enqueueMail(tx, editRejectedMail(page, decision.reason, now));
    // The photo no row names any more.
    return { key: newPhoto ? page.photoKey : decision.accept ? null : page.pendingPhotoKey };
  });
  if (!unused) return false;
  await deletePhotos([unused.key]);
  if (decision.accept) fundraisersChanged();
  else kickOutbox();
  return true;
}

/** Staff correct a page's title or story themselves (any status but draft); the page shows it at once. */
export async function editPageText(
  id: string,
  text: { title: string; story: string },
): Promise<boolean> {
  const edited = await db()
    .update(fundraisers)
    .set({ title: text.title, story: text.story, updatedAt: clock.now() })
    .where(and(eq(fundraisers.id, id), ne(fundraisers.status, "draft")))
    .returning({ id: fundraisers.id });
  if (edited.length > 0) fundraisersChanged();
  return edited.length > 0;
}
