/**
 * Starting a fundraiser page and confirming its owner's e-mail (docs/decisions/221-fundraisers.md).
 * What the public sees is public-pages.server.ts's, the staff's list and moves staff.server.ts's,
 * the totals totals.server.ts's and the page cache's announcements changes.server.ts's.
 */

import { and, eq, like, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import type { Locale } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { confirmMail, fundraiserIdFromToken, submittedMail } from "./mails.server";
import { withStagedPhoto } from "./photos.server";
import type { StartFundraiserInput } from "./schemas.server";
import { slugCandidate, slugFromTitle } from "./slug";

/** True when the error is the slug's unique index refusing a taken slug. */
function isTakenSlug(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; ) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "fundraisers_slug_idx") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The first candidate of `base` not taken now (another start may still take it first). */
async function freeSlug(base: string): Promise<string> {
  const taken = new Set(
    (
      await db()
        .select({ slug: fundraisers.slug })
        .from(fundraisers)
        .where(or(eq(fundraisers.slug, base), like(fundraisers.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Starts a page as a draft and queues the e-mail whose link confirms it, in one transaction; its
 * photo, if any, is stored with it. A slug taken between the look-up and the insert is tried again
 * with the next suffix.
 */
export async function startFundraiser(value: StartFundraiserInput, locale: Locale) {
  const base = slugFromTitle(value.title);
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(base);
    try {
      const page = await withStagedPhoto(value.photo, async (photoKey) => {
        const row = await db().transaction(async (tx) => {
          const [inserted] = await tx
            .insert(fundraisers)
            .values({
              slug,
              ownerName: value.name,
              ownerEmail: value.email,
              language: locale,
              title: value.title,
              story: value.story,
              goalCents: value.goal * 100,
              endDate: value.endDate ?? null,
              showProgress: value.showProgress,
              photoKey,
              photoWidth: value.photo?.width ?? null,
              photoHeight: value.photo?.height ?? null,
            })
            .returning();
          await enqueueMail(tx, confirmMail(inserted));
          return inserted;
        });
        return { value: row, stored: true };
      });
      kickOutbox();
      return page;
    } catch (error) {
      if (!isTakenSlug(error) || attempt >= 5) throw error;
    }
  }
}

export type ConfirmResult =
  | { state: "invalid" }
  | { state: "confirm" | "confirmed" | "other"; title: string; status: string };

/** What the confirmation link's page shows: the page it names, and whether it waits for the owner. */
export async function confirmationState(token: string | null): Promise<ConfirmResult> {
  const id = fundraiserIdFromToken(token);
  if (!id) return { state: "invalid" };
  const [page] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
  if (!page) return { state: "invalid" };
  const state =
    page.status === "draft" ? "confirm" : page.status === "pending" ? "confirmed" : "other";
  return { state, title: page.title, status: page.status };
}

/**
 * The owner confirmed their e-mail: the draft page the token names (and no other) waits for staff
 * review. Returns false for a forged token or a page that is no longer a draft.
 */
export async function confirmFundraiser(token: string | null): Promise<boolean> {
  const id = fundraiserIdFromToken(token);
  if (!id) return false;
  const moved = await db().transaction(async (tx) => {
    const [page] = await tx
      .update(fundraisers)
      .set({ status: "pending", updatedAt: clock.now() })
      .where(and(eq(fundraisers.id, id), eq(fundraisers.status, "draft")))
      .returning();
    if (page) await enqueueMail(tx, submittedMail(page));
    return page !== undefined;
  });
  if (moved) kickOutbox();
  return moved;
}
