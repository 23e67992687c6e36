import { and, asc, desc, eq, gte, lt, ne } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { donations, monthlyGifts } from "#app/db/schema/donations";
import { paymentProvider } from "#app/features/donations/payments/provider.server";
import { serverT } from "#app/i18n/catalogs.server";
import type { Locale } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { now } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { fromHoustonLocal, houstonWallClock } from "#app/lib/houston-calendar";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { coveredFeeCents } from "./fees";
import { manageUrl } from "./manage-link.server";
import { statementText } from "./receipts.server";
import { amountProblem, amountProblemMessage } from "./rules";

/** Everything a donor sees of their giving: every gift made with this address, newest first. */
export async function donorOverview(email: string) {
  const [gifts, monthly] = await Promise.all([
    db()
      .select()
      .from(donations)
      // An abandoned card step is not a gift: pending rows are left out.
      .where(and(eq(donations.donorEmail, email), ne(donations.status, "pending")))
      .orderBy(desc(donations.createdAt)),
    db()
      .select()
      .from(monthlyGifts)
      .where(and(eq(monthlyGifts.donorEmail, email), ne(monthlyGifts.status, "incomplete")))
      .orderBy(desc(monthlyGifts.createdAt)),
  ]);
  const years = givingYears(gifts.map((gift) => gift.succeededAt));
  return {
    gifts: gifts.map((gift) => ({
      id: gift.id,
      amount: gift.amount,
      feeAmount: gift.feeAmount,
      refundedAmount: gift.refundedAmount,
      isMonthly: gift.isMonthly,
      status: gift.status,
      date: gift.succeededAt ?? gift.createdAt,
    })),
    monthly: monthly.map((gift) => ({
      id: gift.id,
      amount: gift.amount,
      feeAmount: gift.feeAmount,
      status: gift.status,
      since: gift.createdAt,
    })),
    years,
  };
}

async function ownMonthlyGift(email: string, giftId: string) {
  if (!z.uuid().safeParse(giftId).success) return undefined;
  const [gift] = await db()
    .select()
    .from(monthlyGifts)
    .where(and(eq(monthlyGifts.id, giftId), eq(monthlyGifts.donorEmail, email)));
  return gift?.status === "active" ? gift : undefined;
}

/** Stops a monthly gift; the provider's subscription-deleted event records it (as the webhook does). */
export async function cancelMonthlyGift(email: string, giftId: string): Promise<boolean> {
  const gift = await ownMonthlyGift(email, giftId);
  if (!gift) return false;
  await paymentProvider().cancelSubscription(gift.subscriptionReference);
  return true;
}

/**
 * Changes the amount of a monthly gift from its next charge on. The donor's choice to cover the fee
 * is kept: the fee is recomputed for the new amount.
 */
export async function changeMonthlyAmount(
  email: string,
  giftId: string,
  dollars: number,
  { t, locale }: { t: TFunction; locale: Locale },
): Promise<string | null> {
  const problem = amountProblem(dollars);
  if (problem) return amountProblemMessage(t, problem, locale);
  const gift = await ownMonthlyGift(email, giftId);
  if (!gift) return t("manage.cannotChange");
  const amount = dollars * 100;
  const feeAmount = gift.feeAmount > 0 ? coveredFeeCents(amount) : 0;
  await paymentProvider().changeSubscriptionAmount(gift.subscriptionReference, amount + feeAmount);
  await db()
    .update(monthlyGifts)
    .set({ amount, feeAmount, updatedAt: now() })
    .where(eq(monthlyGifts.id, gift.id));
  return null;
}

/** The years, in Houston, in which gifts succeeded, newest first: the statements a donor can ask for. */
export function givingYears(succeededAt: (Date | null)[]): number[] {
  const years = succeededAt.flatMap((at) => (at ? [houstonWallClock(at.getTime()).year] : []));
  return [...new Set(years)].sort((a, b) => b - a);
}

/**
 * The succeeded gifts of one year of Houston's calendar, oldest first: a gift at 8 pm on
 * December 31 in Houston (02:00 UTC the next day) belongs to the year it was given in.
 */
export async function yearGifts(email: string, year: number) {
  const rows = await db()
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.donorEmail, email),
        eq(donations.status, "succeeded"),
        gte(donations.succeededAt, fromHoustonLocal(`${year}-01-01T00:00`)!),
        lt(donations.succeededAt, fromHoustonLocal(`${year + 1}-01-01T00:00`)!),
      ),
    )
    .orderBy(asc(donations.succeededAt));
  return rows.map((row) => ({ ...row, succeededAt: row.succeededAt! }));
}

/** The succeeded gifts of one calendar year, as a statement's text in the reader's language. */
export async function yearStatement(email: string, year: number, locale: Locale): Promise<string> {
  return statementText(email, year, await yearGifts(email, year), locale);
}

export function statementFileName(year: number) {
  return `giving-statement-${year}.txt`;
}

/** Queues the statement by e-mail (one per donor, year and day however often it is asked for). */
export async function emailStatement(email: string, year: number, locale: Locale) {
  const { ORG_NAME } = env();
  const t = serverT(locale);
  const day = now().toISOString().slice(0, 10);
  await enqueueMail(db(), {
    dedupeKey: `statement:${email}:${year}:${day}`,
    kind: "statement",
    to: email,
    subject: t("receipt.statement.mailSubject", { year, org: ORG_NAME }),
    text: t("receipt.statement.mailText", { year, link: manageUrl(email, locale) }),
    attachments: [
      {
        filename: statementFileName(year),
        content: await yearStatement(email, year, locale),
        contentType: "text/plain; charset=utf-8",
      },
    ],
  });
  kickOutbox();
}

/**
 * Sends a fresh 'manage your gift' link to an address that has given, at most once an hour. The
 * answer is the same whether or not the address has given, so nobody learns who donates.
 */
export async function requestManageLink(email: string, locale: Locale) {
  const [gift] = await db()
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.donorEmail, email), ne(donations.status, "pending")))
    .limit(1);
  if (!gift) return;
  const { ORG_NAME } = env();
  const t = serverT(locale);
  const hour = now().toISOString().slice(0, 13);
  await enqueueMail(db(), {
    dedupeKey: `manage-link:${email}:${hour}`,
    kind: "manage-link",
    to: email,
    subject: t("receipt.manageLink.subject", { org: ORG_NAME }),
    text: t("receipt.manageLink.text", { link: manageUrl(email, locale) }),
  });
  kickOutbox();
}
