/**
 * Fundraiser pages (docs/decisions/221-fundraisers.md): starting one, confirming its owner's
 * e-mail, what the public page shows (raised from the same succeeded, refunded-less gifts as the
 * dashboard's totals), the staff's moves, and the announcement of changes to the page cache.
 */
import { and, count, desc, eq, gte, ilike, inArray, isNull, like, max, or, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { donations, fundraisers } from "#app/db/schema";
import type { Locale } from "#app/i18n/locales";
import { houstonToday, netGiftCents, takesGifts } from "#app/lib/fundraiser-gifts.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import {
  approvedMail,
  confirmMail,
  firstName,
  fundraiserIdFromToken,
  rejectionMail,
  submittedMail,
} from "./mails.server";
import { pagePhoto } from "./photo";
import { withStagedPhoto } from "./photos.server";
import type { StartFundraiserInput } from "./schemas.server";
import { slugCandidate, slugFromTitle, storyParagraphs } from "./slug";
import { type FundraiserStatus, PUBLIC_STATUSES, staffCanMove } from "./status";

export type Fundraiser = typeof fundraisers.$inferSelect;

type ChangeListener = () => void;
const changeListeners = new Set<ChangeListener>();

/**
 * Tells the page cache (server/page-cache/) that what a fundraiser page shows changed, so it drops
 * the pages of topic "fundraisers". Returns the function that stops listening.
 */
export function onFundraisersChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Drops the cached fundraiser pages (after any change to what they show). */
export function fundraisersChanged() {
  for (const listener of changeListeners) listener();
}

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
      .set({ status: "pending", updatedAt: new Date() })
      .where(and(eq(fundraisers.id, id), eq(fundraisers.status, "draft")))
      .returning();
    if (page) await enqueueMail(tx, submittedMail(page));
    return page !== undefined;
  });
  if (moved) kickOutbox();
  return moved;
}

export interface FundraiserTotals {
  raisedCents: number;
  gifts: number;
  /** The latest succeeded gift, if any. */
  lastGiftAt: Date | null;
}

/** Raised and the number of gifts of each page: succeeded gifts attributed to it, less refunds. */
export async function fundraiserTotals(ids: string[]): Promise<Map<string, FundraiserTotals>> {
  const totals = new Map<string, FundraiserTotals>();
  if (ids.length === 0) return totals;
  const rows = await db()
    .select({
      id: donations.fundraiserId,
      raised: sql<string>`coalesce(sum(${netGiftCents}), 0)`,
      gifts: count(),
      lastGiftAt: max(donations.succeededAt),
    })
    .from(donations)
    .where(and(inArray(donations.fundraiserId, ids), eq(donations.status, "succeeded")))
    .groupBy(donations.fundraiserId);
  for (const row of rows) {
    if (row.id) {
      totals.set(row.id, {
        raisedCents: Number(row.raised),
        gifts: Number(row.gifts),
        lastGiftAt: row.lastGiftAt ? new Date(row.lastGiftAt) : null,
      });
    }
  }
  return totals;
}

const NO_GIFTS: FundraiserTotals = { raisedCents: 0, gifts: 0, lastGiftAt: null };

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
export async function openFundraisers(query: string, now: Date = new Date()) {
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
  const totals = await fundraiserTotals(rows.map((row) => row.id));
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
export async function publicFundraiser(slug: string, now: Date = new Date()) {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [page] = await db()
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.slug, slug), inArray(fundraisers.status, [...PUBLIC_STATUSES])));
  if (!page) return null;
  const totals = (await fundraiserTotals([page.id])).get(page.id) ?? NO_GIFTS;
  const donors = await db()
    .select({
      name: sql<
        string | null
      >`case when ${donations.isAnonymous} then null else ${donations.donorName} end`,
      // Only when the donor allowed it (docs/decisions/224-fundraiser-gift-options.md).
      amount: sql<
        number | null
      >`case when ${donations.showAmount} then ${netGiftCents} else null end`,
    })
    .from(donations)
    .where(and(eq(donations.fundraiserId, page.id), eq(donations.status, "succeeded")))
    .orderBy(desc(donations.succeededAt))
    .limit(HONOUR_ROLL_SIZE);
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
    donors: donors.map((donor) => ({
      name: donor.name?.trim() || null,
      amountCents: donor.amount === null ? null : Number(donor.amount),
    })),
  };
}

export type PublicFundraiser = NonNullable<Awaited<ReturnType<typeof publicFundraiser>>>;

/**
 * Every page but unconfirmed drafts, for staff: what waits for review first (a pending page or an
 * owner's new story or photo; oldest first), then newest.
 */
export async function staffFundraisers() {
  const pages = await db()
    .select()
    .from(fundraisers)
    .where(sql`${fundraisers.status} <> 'draft'`)
    .orderBy(
      sql`(${fundraisers.status} = 'pending' or ${fundraisers.pendingStory} is not null or ${fundraisers.pendingPhotoKey} is not null) desc`,
      sql`case when ${fundraisers.status} = 'pending' then ${fundraisers.createdAt} end asc`,
      desc(fundraisers.createdAt),
    )
    .limit(500);
  const totals = await fundraiserTotals(pages.map((page) => page.id));
  return pages.map((page) => ({
    page,
    totals: totals.get(page.id) ?? NO_GIFTS,
  }));
}

export type StaffMove =
  | { to: "approved"; staffUserId: string; guidelinesConfirmed: boolean }
  | { to: "rejected"; reason: string }
  | { to: "paused" | "closed" }
  /** A paused page takes gifts again: it was approved before. */
  | { to: "reopened" };

export type StaffMoveResult = "moved" | "not-allowed" | "guidelines";

/**
 * A staff decision on a page, when its status allows it: approving needs the guidelines confirmed
 * and stores who and when; a rejection e-mails its reason to the owner in the same transaction.
 */
export async function moveFundraiser(id: string, move: StaffMove): Promise<StaffMoveResult> {
  if (move.to === "approved" && !move.guidelinesConfirmed) return "guidelines";
  const result = await db().transaction(async (tx) => {
    const [page] = await tx.select().from(fundraisers).where(eq(fundraisers.id, id)).for("update");
    const to: FundraiserStatus = move.to === "reopened" ? "approved" : move.to;
    const allowed =
      move.to === "reopened" ? page?.status === "paused" : page && staffCanMove(page.status, to);
    if (!page || !allowed) return "not-allowed" as const;
    const now = new Date();
    await tx
      .update(fundraisers)
      .set({
        status: to,
        updatedAt: now,
        ...(move.to === "approved"
          ? { approvedBy: move.staffUserId, approvedAt: now, guidelinesConfirmed: true }
          : {}),
        ...(move.to === "rejected" ? { rejectionReason: move.reason } : {}),
      })
      .where(eq(fundraisers.id, id));
    if (move.to === "rejected") await enqueueMail(tx, rejectionMail(page, move.reason));
    if (move.to === "approved") await enqueueMail(tx, approvedMail(page));
    return "moved" as const;
  });
  if (result === "moved") {
    if (move.to === "rejected" || move.to === "approved") kickOutbox();
    fundraisersChanged();
  }
  return result;
}
