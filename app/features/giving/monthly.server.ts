import { and, eq, gt, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { monthlyGiftPauses } from "#app/db/schema/giving";
import {
  cancelMonthlyGift,
  changeMonthlyAmount,
  donorMonthlyGift,
  isStripeConfigured,
  recordMonthlyGiftChange,
  stripeClient,
} from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import type { Locale } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { now } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { formatCents } from "#app/lib/money";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { houstonLongDate } from "./pdf.server";
import { PAUSE_MONTHS } from "./rules";

/**
 * A donor's changes to a monthly gift beyond its amount (docs/decisions/287-monthly-gift-changes.md):
 * a new card, set with Stripe on the subscription itself (its own default payment method outranks
 * the customer's, so a card set only on the customer would leave the old one charged); a pause of
 * one to three months (the subscription's pause_collection) and an early resume; each written into
 * the gift's payment history, which the dashboard's gift page shows, and confirmed by e-mail.
 */

export const TEST_CARD_SUCCEEDS = "4242424242424242";

/** Pauses still running, by monthly gift id: the instant each resumes. */
export async function pausesOf(giftIds: string[]): Promise<Map<string, Date>> {
  if (giftIds.length === 0) return new Map();
  const rows = await db()
    .select()
    .from(monthlyGiftPauses)
    .where(
      and(
        inArray(monthlyGiftPauses.monthlyGiftId, giftIds),
        gt(monthlyGiftPauses.resumesAt, now()),
      ),
    );
  return new Map(rows.map((row) => [row.monthlyGiftId, row.resumesAt]));
}

/** The donor's active monthly gift, or undefined (another's, ended, or no such gift). */
export async function activeMonthlyGift(email: string, giftId: string) {
  const gift = await donorMonthlyGift(email, giftId);
  return gift?.status === "active" ? gift : undefined;
}

type Gift = NonNullable<Awaited<ReturnType<typeof activeMonthlyGift>>>;

function addMonths(from: Date, months: number): Date {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

/** Records the change in the gift's history and queues its confirmation, in one transaction. */
async function confirmChange(
  gift: Gift,
  locale: Locale,
  change: {
    type: string;
    outcome: string;
    mailKey:
      | "giving.mail.cardText"
      | "giving.mail.pausedText"
      | "giving.mail.resumedText"
      | "giving.mail.canceledText"
      | "giving.mail.amountText";
    values?: Record<string, string>;
  },
) {
  const at = now();
  const t = serverT(locale);
  const amount = formatCents(gift.amount + gift.feeAmount, gift.currency, locale);
  await db().transaction(async (tx) => {
    await recordMonthlyGiftChange(tx, {
      monthlyGiftId: gift.id,
      type: change.type,
      outcome: change.outcome,
      at,
    });
    await enqueueMail(tx, {
      dedupeKey: `giving-change:${gift.id}:${change.type}:${at.getTime()}`,
      kind: "giving-change",
      to: gift.donorEmail,
      subject: t("giving.mail.changeSubject", { org: env().ORG_NAME }),
      text: t(change.mailKey, { amount, ...change.values }),
    });
  });
  kickOutbox();
}

/** Pauses the gift's charges for `months` (1 to 3); false when it cannot be paused. */
export async function pauseMonthlyGift(
  email: string,
  giftId: string,
  months: number,
  locale: Locale,
): Promise<boolean> {
  const gift = await activeMonthlyGift(email, giftId);
  if (!gift || !PAUSE_MONTHS.includes(months as 1 | 2 | 3)) return false;
  // Whole seconds, as Stripe keeps resumes_at.
  const resumesAt = new Date(Math.floor(addMonths(now(), months).getTime() / 1000) * 1000);
  if (isStripeConfigured()) {
    const stripe = await stripeClient();
    await stripe.subscriptions.update(gift.subscriptionReference, {
      // The months paused are skipped, not charged later.
      pause_collection: { behavior: "void", resumes_at: Math.floor(resumesAt.getTime() / 1000) },
    });
  }
  await db()
    .insert(monthlyGiftPauses)
    .values({ monthlyGiftId: gift.id, resumesAt })
    .onConflictDoUpdate({ target: monthlyGiftPauses.monthlyGiftId, set: { resumesAt } });
  await confirmChange(gift, locale, {
    type: "donor.paused",
    outcome: `paused by the donor until ${resumesAt.toISOString().slice(0, 10)}`,
    mailKey: "giving.mail.pausedText",
    values: { date: houstonLongDate(locale, resumesAt) },
  });
  return true;
}

/** Resumes a paused gift now; false when it is not paused. */
export async function resumeMonthlyGift(
  email: string,
  giftId: string,
  locale: Locale,
): Promise<boolean> {
  const gift = await activeMonthlyGift(email, giftId);
  if (!gift || !(await pausesOf([gift.id])).has(gift.id)) return false;
  if (isStripeConfigured()) {
    const stripe = await stripeClient();
    await stripe.subscriptions.update(gift.subscriptionReference, { pause_collection: "" });
  }
  await db().delete(monthlyGiftPauses).where(eq(monthlyGiftPauses.monthlyGiftId, gift.id));
  await confirmChange(gift, locale, {
    type: "donor.resumed",
    outcome: "resumed by the donor",
    mailKey: "giving.mail.resumedText",
  });
  return true;
}

/** Stops the gift (the provider's event records it) and confirms it. */
export async function endMonthlyGift(email: string, giftId: string, locale: Locale) {
  const gift = await activeMonthlyGift(email, giftId);
  if (!gift || !(await cancelMonthlyGift(email, giftId))) return false;
  await db().delete(monthlyGiftPauses).where(eq(monthlyGiftPauses.monthlyGiftId, gift.id));
  await confirmChange(gift, locale, {
    type: "donor.canceled",
    outcome: "canceled by the donor",
    mailKey: "giving.mail.canceledText",
  });
  return true;
}

/** With Stripe: a SetupIntent for the gift's customer, whose secret the card form confirms. */
export async function startCardChange(gift: Gift): Promise<string> {
  const stripe = await stripeClient();
  const intent = await stripe.setupIntents.create({
    customer: gift.customerReference ?? undefined,
    usage: "off_session",
    automatic_payment_methods: { enabled: true },
    metadata: { monthly_gift_id: gift.id },
  });
  if (!intent.client_secret) throw new Error("SetupIntent without a client secret");
  return intent.client_secret;
}

export type CardChange = "changed" | "declined" | "refused";

/**
 * With Stripe: the confirmed SetupIntent's card becomes the subscription's own default payment
 * method. Only a succeeded intent made for this gift's customer and this gift counts.
 */
export async function finishCardChange(
  email: string,
  giftId: string,
  setupIntentId: string,
  locale: Locale,
): Promise<CardChange> {
  const gift = await activeMonthlyGift(email, giftId);
  if (!gift || !/^seti_[A-Za-z0-9]+$/.test(setupIntentId)) return "refused";
  const stripe = await stripeClient();
  const intent = await stripe.setupIntents.retrieve(setupIntentId);
  const customer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
  const method =
    typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  if (customer !== gift.customerReference || intent.metadata?.monthly_gift_id !== gift.id) {
    return "refused";
  }
  if (intent.status !== "succeeded" || !method) return "declined";
  await stripe.subscriptions.update(gift.subscriptionReference, {
    default_payment_method: method,
  });
  await confirmChange(gift, locale, {
    type: "donor.card_changed",
    outcome: `new card set on the subscription (${method})`,
    mailKey: "giving.mail.cardText",
  });
  return "changed";
}

/** In test payment mode: the test card form's number, 4242... accepted, any other declined. */
export async function testCardChange(
  email: string,
  giftId: string,
  cardNumber: string,
  locale: Locale,
): Promise<CardChange> {
  const gift = await activeMonthlyGift(email, giftId);
  if (!gift || isStripeConfigured()) return "refused";
  if (cardNumber !== TEST_CARD_SUCCEEDS) return "declined";
  await confirmChange(gift, locale, {
    type: "donor.card_changed",
    outcome: "new test card ending 4242",
    mailKey: "giving.mail.cardText",
  });
  return "changed";
}

/** Changes the amount (donations' rule and provider call) and confirms it; an error message or null. */
export async function changeAmount(
  email: string,
  giftId: string,
  dollars: number,
  context: { t: TFunction; locale: Locale },
): Promise<string | null> {
  const problem = await changeMonthlyAmount(email, giftId, dollars, context);
  if (problem) return problem;
  const gift = await activeMonthlyGift(email, giftId);
  if (gift) {
    await confirmChange(gift, context.locale, {
      type: "donor.amount_changed",
      outcome: `amount changed by the donor to ${gift.amount + gift.feeAmount} cents`,
      mailKey: "giving.mail.amountText",
    });
  }
  return null;
}
