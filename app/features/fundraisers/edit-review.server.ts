/**
 * Staff review of an owner's new story for a public page (docs/decisions/222-fundraiser-owner-link.md):
 * accepted, it replaces the page's story; turned down, the page keeps its story and the owner is
 * told why by e-mail (the outbox, in the owner's language).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { fundraisersChanged } from "./fundraisers.server";
import { editRejectedMail } from "./mails.server";

export type EditDecision = { accept: true } | { accept: false; reason: string };

/** Returns false when the page has no story waiting. */
export async function reviewStoryEdit(id: string, decision: EditDecision): Promise<boolean> {
  const done = await db().transaction(async (tx) => {
    const [page] = await tx
      .select()
      .from(fundraisers)
      .where(and(eq(fundraisers.id, id), isNotNull(fundraisers.pendingStory)))
      .for("update");
    if (!page?.pendingStory) return false;
    const now = new Date();
    await tx
      .update(fundraisers)
      .set({
        ...(decision.accept ? { story: page.pendingStory } : {}),
        pendingStory: null,
        updatedAt: now,
      })
      .where(eq(fundraisers.id, id));
    if (!decision.accept) await enqueueMail(tx, editRejectedMail(page, decision.reason, now));
    return true;
  });
  if (done) {
    if (decision.accept) fundraisersChanged();
    else kickOutbox();
  }
  return done;
}
