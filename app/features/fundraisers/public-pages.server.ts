/**
 * What the public sees of fundraiser pages (docs/decisions/221-fundraisers.md): the list of pages
 * taking gifts, the sitemap's slugs, and one page with its honour roll.
 */

import { and, desc, eq, gte, ilike, inArray, isNull, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { pageGifts, pageTotals } from "#app/features/donations/index.server";
import * as clock from "#app/lib/clock.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { takesGifts } from "./gifts.server";
import { firstName } from "./mails.server";
import { pagePhoto } from "./photo";
import { storyParagraphs } from "./slug";
import { PUBLIC_STATUSES } from "./status";
import { NO_GIFTS } from "./totals.server";

type Fundraiser = typeof fundraisers.$inferSelect;

const HONOUR_ROLL_SIZE = 100;

/** Approved pages a search may list at most. */
const LISTED_PAGES = 200;

/** `%term%` for LIKE, the term's own wildcards and backslashes taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * `/give-to-fundraiser`: approved pages that take gifts, matching `query` in the title or the
 * owner's name when given, most recent activity (the latest gift, or the approval) first.
 */
export async function openFundraisers(query: string, now: Date = clock.now()) {
  const term = query.trim();
  const rows = await db()
    .select()
    .from(fundraisers)
    .where(
      and(
        eq(fundraisers.status, "approved"),
        or(isNull(fundraisers.endDate), gte(fundraisers.endDate, houstonToday(now))),
        term
          ? or(
              ilike(fundraisers.title, containing(term)),
              ilike(fundraisers.ownerName, containing(term)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(fundraisers.approvedAt))
    .limit(LISTED_PAGES);
  const totals = await pageTotals(rows.map((row) => row.id));
  const activity = (row: Fundraiser) =>
    Math.max(
      totals.get(row.id)?.lastGiftAt?.getTime() ?? 0,
      (row.approvedAt ?? row.createdAt).getTime(),
    );
  return rows
    .sort((a, b) => activity(b) - activity(a))
    .map((row) => {
      const { raisedCents, gifts } = totals.get(row.id) ?? NO_GIFTS;
      return {
        slug: row.slug,
        title: row.title,
        ownerFirstName: firstName(row.ownerName),
        goalCents: row.goalCents,
        showProgress: row.showProgress,
        raisedCents,
        gifts,
      };
    });
}

/** The slugs of approved pages, for the sitemap (paused and closed pages are left out). */
export async function approvedFundraiserSlugs(): Promise<string[]> {
  const rows = await db()
    .select({ slug: fundraisers.slug })
    .from(fundraisers)
    .where(eq(fundraisers.status, "approved"))
    .orderBy(fundraisers.slug)
    .limit(5000);
  return rows.map((row) => row.slug);
}

export type ListedFundraiser = Awaited<ReturnType<typeof openFundraisers>>[number];

/**
 * The public page of `slug`, or null when it is not public (draft, pending, rejected, unknown).
 * Shows the owner's first name only, the story as paragraphs of text, and donors' names with
 * amounts only where the donor allowed it (an anonymous gift's name is never read out of the
 * database).
 */
export async function publicFundraiser(slug: string, now: Date = clock.now()) {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [page] = await db()
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.slug, slug), inArray(fundraisers.status, [...PUBLIC_STATUSES])));
  if (!page) return null;
  const totals = (await pageTotals([page.id])).get(page.id) ?? NO_GIFTS;
  const gifts = await pageGifts([page.id], { which: "succeeded", limit: HONOUR_ROLL_SIZE });
  const open = takesGifts(page, now);
  return {
    slug: page.slug,
    title: page.title,
    ownerFirstName: firstName(page.ownerName),
    paragraphs: storyParagraphs(page.story),
    /** The approved photo: an owner's new one waits for staff. */
    photo: pagePhoto(page.photoKey, page.photoWidth, page.photoHeight),
    goalCents: page.goalCents,
    showProgress: page.showProgress,
    endDate: page.endDate,
    /** approved and taking gifts, paused, or closed (also an approved page past its end date). */
    state: open
      ? ("open" as const)
      : page.status === "paused"
        ? ("paused" as const)
        : ("closed" as const),
    raisedCents: totals.raisedCents,
    gifts: totals.gifts,
    donors: gifts.map((gift) => ({
      name: gift.isAnonymous ? null : gift.donorName?.trim() || null,
      // Only when the donor allowed it (docs/decisions/224-fundraiser-gift-options.md).
      amountCents: gift.showAmount ? gift.netCents : null,
    })),
  };
}

export type PublicFundraiser = NonNullable<Awaited<ReturnType<typeof publicFundraiser>>>;
