/**
 * What the donations and the fundraisers features both need to know about a gift given on a
 * fundraiser page (docs/decisions/221-fundraisers.md): which page may still take one, and what a
 * gift adds to a total. Donations reaches it through the fundraisers' front door (index.server.ts),
 * as app/features/order.cjs lets it.
 */

import { eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { pageTotals } from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale, type Locale, localizePath } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { formatCents } from "#app/lib/money";
import { enqueueMail, type Queryable } from "#app/lib/outbox.server";

/** Whether a page takes gifts: approved, and its end date (if any) not past. */
export function takesGifts(
  page: { status: string; endDate: string | null },
  now: Date = clock.now(),
): boolean {
  return page.status === "approved" && (page.endDate === null || page.endDate >= houstonToday(now));
}

export interface GiftFundraiser {
  id: string;
  slug: string;
  title: string;
}

const SLUG = /^[a-z0-9-]{1,80}$/;

/**
 * The page a gift given with `slug` is attributed to, or null when there is no such page or it
 * takes no gifts (unknown, not approved, paused, closed or past its end date): that gift goes to
 * the general fund, and the donor is told so.
 */
export async function fundraiserForGift(
  slug: string | null | undefined,
  now: Date = clock.now(),
): Promise<GiftFundraiser | null> {
  if (!slug || !SLUG.test(slug)) return null;
  const [page] = await db()
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      status: fundraisers.status,
      endDate: fundraisers.endDate,
    })
    .from(fundraisers)
    .where(eq(fundraisers.slug, slug));
  return page && takesGifts(page, now) ? { id: page.id, slug: page.slug, title: page.title } : null;
}

/**
 * The page a later month of a monthly gift started on `fundraiserId` counts on: the same page
 * while it takes gifts, else none (the month goes to the general fund).
 */
export async function monthFundraiserId(
  runner: Queryable,
  fundraiserId: string | null,
  now: Date = clock.now(),
): Promise<string | null> {
  if (!fundraiserId) return null;
  const [page] = await runner
    .select({ status: fundraisers.status, endDate: fundraisers.endDate })
    .from(fundraisers)
    .where(eq(fundraisers.id, fundraiserId));
  return page && takesGifts(page, now) ? fundraiserId : null;
}

/**
 * The titles of the pages gifts are attributed to, by page id: the Donations tab's and
 * donations.csv's Fundraiser column (docs/decisions/225-fundraiser-staff-tools.md).
 */
export async function fundraiserTitles(ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db()
    .select({ id: fundraisers.id, title: fundraisers.title })
    .from(fundraisers)
    .where(inArray(fundraisers.id, wanted));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** What the gift e-mails need of the page a succeeded gift was given on. */
export interface GiftPage {
  id: string;
  slug: string;
  title: string;
  ownerName: string;
  ownerEmail: string;
  language: string;
  goalCents: number;
}

/** The page a gift is attributed to, read in the caller's transaction. */
export async function giftPage(
  runner: Queryable,
  fundraiserId: string | null,
): Promise<GiftPage | null> {
  if (!fundraiserId) return null;
  const [page] = await runner
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      ownerName: fundraisers.ownerName,
      ownerEmail: fundraisers.ownerEmail,
      language: fundraisers.language,
      goalCents: fundraisers.goalCents,
    })
    .from(fundraisers)
    .where(eq(fundraisers.id, fundraiserId));
  return page ?? null;
}

/** The share of its goal a page announces to its owner when raised first reaches it. */
const GOAL_MARKS = [50, 100] as const;

interface SucceededGift {
  id: string;
  donorName: string | null;
  isAnonymous: boolean;
  amount: number;
  currency: string;
  /** The donor's message to the owner, if any (plain text). */
  giftMessage: string | null;
}

/**
 * Queues, in the transaction that records a succeeded gift on a fundraiser page, the owner's
 * e-mail about it (the donor's name unless anonymous, the amount, the donor's message if any;
 * never the donor's address) and,
 * the first time raised reaches half or all of the goal, that news too. Each is queued once:
 * the outbox's dedupe keys name the gift and the mark.
 */
export async function queueOwnerGiftMails(runner: Queryable, page: GiftPage, gift: SucceededGift) {
  const locale: Locale = isLocale(page.language) ? page.language : "en";
  const t = serverT(locale);
  const { PUBLIC_URL, ORG_NAME } = env();
  const pageUrl = `${PUBLIC_URL}${localizePath(`/fundraise/${page.slug}`, locale)}`;
  const greeting = t("fundraising.mail.greeting", { name: page.ownerName.trim().split(/\s+/)[0] });
  const donor = gift.isAnonymous
    ? t("fundraising.page.anonymous")
    : gift.donorName?.trim() || t("fundraising.page.anonymous");
  const amount = formatCents(gift.amount, gift.currency, locale);
  await enqueueMail(runner, {
    dedupeKey: `fundraiser-gift:${gift.id}`,
    kind: "fundraiser-gift",
    to: page.ownerEmail,
    subject: t("fundraising.mail.giftSubject", { title: page.title }),
    text: [
      greeting,
      "",
      t("fundraising.mail.giftBody", { donor, amount, title: page.title }),
      pageUrl,
      ...(gift.giftMessage
        ? ["", t("fundraising.mail.giftMessage", { donor }), gift.giftMessage]
        : []),
      "",
      ORG_NAME,
    ].join("\n"),
  });
  const raised = (await pageTotals([page.id], runner)).get(page.id)?.raisedCents ?? 0;
  for (const mark of GOAL_MARKS) {
    if (raised * 100 < page.goalCents * mark) continue;
    await enqueueMail(runner, {
      dedupeKey: `fundraiser-goal-${mark}:${page.id}`,
      kind: "fundraiser-goal",
      to: page.ownerEmail,
      subject: t(
        mark === 100 ? "fundraising.mail.goalReachedSubject" : "fundraising.mail.goalHalfSubject",
        {
          title: page.title,
        },
      ),
      text: [
        greeting,
        "",
        t(mark === 100 ? "fundraising.mail.goalReachedBody" : "fundraising.mail.goalHalfBody", {
          title: page.title,
          raised: formatCents(raised, "usd", locale),
          goal: formatCents(page.goalCents, "usd", locale),
        }),
        pageUrl,
        "",
        ORG_NAME,
      ].join("\n"),
    });
  }
}
