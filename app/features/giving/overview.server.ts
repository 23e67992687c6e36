import {
  donorGiftRows,
  donorMonthlyGifts,
  givingYears,
  hasGiven,
} from "#app/features/donations/index.server";
import { fundraisersOwnedBy, fundraiserTitles } from "#app/features/fundraisers/index.server";
import { signupsOf } from "#app/features/shifts/index.server";
import { dedicationsByGift } from "#app/features/tributes/index.server";
import type { Locale } from "#app/i18n/locales";
import { pausesOf } from "./monthly.server";

/** Whether an address has anything to see here: a gift, a fundraiser page or a shift sign-up. */
export async function isKnownAddress(email: string): Promise<boolean> {
  if (await hasGiven(email)) return true;
  const [pages, signups] = await Promise.all([
    fundraisersOwnedBy(email, "en"),
    signupsOf(email, "en"),
  ]);
  return pages.length > 0 || signups.length > 0;
}

/**
 * Everything a signed-in donor sees: every gift made with the address, newest first (one-time
 * gifts, each month's charge, gifts on a fundraiser's page with that page, dedications with their
 * card's state, refunds), their monthly gifts with any pause, the years of their statements,
 * their fundraiser pages and shift sign-ups.
 */
export async function givingOverview(email: string, locale: Locale) {
  const [rows, monthly, pages, signups] = await Promise.all([
    donorGiftRows(email),
    donorMonthlyGifts(email),
    fundraisersOwnedBy(email, locale),
    signupsOf(email, locale),
  ]);
  const [titles, dedications, pauses] = await Promise.all([
    fundraiserTitles(rows.map((row) => row.fundraiserId)),
    // A monthly gift's dedication is saved on its first charge.
    dedicationsByGift(
      rows.map((row) => row.id),
      locale,
    ),
    pausesOf(monthly.map((gift) => gift.id)),
  ]);
  return {
    gifts: rows.map((row) => ({
      id: row.id,
      amount: row.amount + row.feeAmount,
      refundedAmount: row.refundedAmount,
      isMonthly: row.isMonthly,
      status: row.status,
      date: row.succeededAt ?? row.createdAt,
      fundraiser: row.fundraiserId ? (titles.get(row.fundraiserId) ?? null) : null,
      dedication: dedications.get(row.id) ?? null,
      receipt: row.status === "succeeded" || row.refundedAmount > 0,
    })),
    monthly: monthly.map((gift) => ({
      id: gift.id,
      amount: gift.amount + gift.feeAmount,
      status: gift.status,
      since: gift.createdAt,
      pausedUntil: pauses.get(gift.id) ?? null,
    })),
    years: givingYears(rows.map((row) => (row.status === "succeeded" ? row.succeededAt : null))),
    fundraisers: pages,
    signups,
  };
}

export type GivingOverview = Awaited<ReturnType<typeof givingOverview>>;
