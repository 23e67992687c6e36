/**
 * Staff review of an owner's new story for a public page (docs/decisions/222-fundraiser-owner-link.md):
 * accepted, it replaces the page's story; turned down, the page keeps its story and the owner is
 * told why by e-mail (the outbox, in the owner's language). Also staff's own corrections of a
 * page's text (docs/decisions/225-fundraiser-staff-tools.md).
 */
import { and, eq, isNotNull, ne } from "drizzle-orm";
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

/** Staff correct a page's title or story themselves (any status but draft); the page shows it at once. */
export async function editPageText(
  id: string,
  text: { title: string; story: string },
): Promise<boolean> {
  const edited = await db()
    .update(fundraisers)
    .set({ title: text.title, story: text.story, updatedAt: new Date() })
    .where(and(eq(fundraisers.id, id), ne(fundraisers.status, "draft")))
    .returning({ id: fundraisers.id });
  if (edited.length > 0) fundraisersChanged();
  return edited.length > 0;
}
