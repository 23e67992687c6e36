/**
 * What the donations and the fundraisers features both need to know about a gift given on a
 * fundraiser page (docs/decisions/221-fundraisers.md): which page may still take one, and what a
 * gift adds to a total. Shared here because features never import each other.
 */
import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { donations, fundraisers } from "#app/db/schema";
import { houstonWallClock } from "./houston-clock";

/**
 * What a donation adds to the gift totals, in cents: a refund comes out of the gift first, so a
 * partial refund lowers it and never makes it negative. Only succeeded rows are summed with it (a
 * full refund moves a row to refunded). The dashboard's totals and a fundraiser's raised amount
 * both count with it.
 */
export const netGiftCents = sql<number>`greatest(${donations.amount} - ${donations.refundedAmount}, 0)`;

/** Today's date in Houston, "YYYY-MM-DD": an end date is the last day a page takes gifts. */
export function houstonToday(now: Date = new Date()): string {
  const { year, month, day } = houstonWallClock(now.getTime());
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whether a page takes gifts: approved, and its end date (if any) not past. */
export function takesGifts(
  page: { status: string; endDate: string | null },
  now: Date = new Date(),
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
  now: Date = new Date(),
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
