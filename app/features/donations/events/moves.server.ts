/**
 * What every kind of payment event shares: the event's shape, what applying one did, finding a
 * donation by its PaymentIntent, and the one way a donation changes status (with what a success
 * implies). The handlers by event kind (payment-intents.server.ts, monthly-gifts.server.ts) build
 * on it; ../events.server.ts applies each event once (docs/decisions/070-donation-payment-flow.md).
 *
 * Each change is announced as an event in its own transaction (app/lib/events.server.ts): the
 * features built on gifts take it after the commit (server/features.ts composes them), so the
 * payment code calls none of them for what follows a change
 * (docs/decisions/265-features-through-front-doors.md).
 */

import { and, eq, or } from "drizzle-orm";
import { z } from "zod";
import { donations, monthlyGifts } from "#app/db/schema/donations";
import * as clock from "#app/lib/clock.server";
import { recordEvent } from "#app/lib/events.server";
import { enqueueMail, type Queryable } from "#app/lib/outbox.server";
import { giftAddOns } from "../add-ons.server";
import { receiptMail } from "../receipts.server";
import { canMove, type DonationStatus, isDonationStatus } from "../status";

/** The part of a Stripe event the app reads (webhook payloads, and the test mode's own events). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  data: { object: unknown };
}

/** An event that refers to something not recorded yet: not applied, so Stripe delivers it again. */
export class PaymentEventTooEarly extends Error {}

/** A Stripe reference given either as an id or as the expanded object. */
export const idOf = z.union([
  z.string(),
  z.object({ id: z.string() }).transform((value) => value.id),
]);

export type Donation = typeof donations.$inferSelect;
export type Runner = Queryable;

/** What applying one event did, kept in payment_events as the donation's history. */
export interface Outcome {
  donationId?: string;
  monthlyGiftId?: string;
  outcome: string;
}

/**
 * The events a gift's changes are announced by. Each carries the gift's facts (giftFacts below),
 * so a subscriber reads the event instead of the donations table; a refund says whether it was
 * whole, a move its two statuses.
 */
export type GiftTopic =
  | "gift.succeeded"
  | "gift.failed"
  | "gift.refunded"
  | "gift.moved"
  | "monthly-gift.renewed"
  | "monthly-gift.ended";

function giftFacts(donation: Donation) {
  return {
    donationId: donation.id,
    monthlyGiftId: donation.monthlyGiftId,
    fundraiserId: donation.fundraiserId,
    amountCents: donation.amount,
    refundedCents: donation.refundedAmount,
    currency: donation.currency,
    donorName: donation.donorName,
    isAnonymous: donation.isAnonymous,
    giftMessage: donation.giftMessage,
    language: donation.language,
    /** The donor asked for the newsletter: the sign-up forms take it from here. */
    newsletterEmail: donation.newsletterOptIn ? donation.donorEmail : null,
  };
}

/** Records a gift's event in the transaction that changes the gift. */
export async function recordGiftEvent(
  runner: Runner,
  topic: GiftTopic,
  donation: Donation,
  more: Record<string, unknown> = {},
) {
  await recordEvent(runner, topic, { ...giftFacts(donation), ...more });
}

/** A refund of part of a gift, or another refund of one refunded whole: its amount so far. */
export async function recordRefundSoFar(
  runner: Runner,
  donation: Donation,
  refundedAmount: number,
) {
  const [updated] = await runner
    .update(donations)
    .set({ refundedAmount, updatedAt: clock.now() })
    .where(eq(donations.id, donation.id))
    .returning();
  await recordGiftEvent(runner, "gift.refunded", updated, { whole: updated.status === "refunded" });
  return { donationId: donation.id, outcome: `refunded ${refundedAmount} cents so far` };
}

export async function donationByIntent(runner: Runner, intentId: string) {
  const [row] = await runner
    .select()
    .from(donations)
    .where(or(eq(donations.paymentReference, intentId), eq(donations.paymentIntentId, intentId)))
    .limit(1);
  return row;
}

/**
 * Moves a donation to `to` when the rules allow it (../status.ts) and does what the new status
 * implies in the same transaction: a succeeded gift queues its receipt and its newsletter opt-in.
 */
export async function moveDonation(
  runner: Runner,
  donation: Donation,
  to: DonationStatus,
  extra: Partial<Pick<Donation, "failureMessage" | "refundedAmount">> = {},
): Promise<Outcome> {
  const from = isDonationStatus(donation.status) ? donation.status : "pending";
  if (from === to || !canMove(from, to)) {
    if (extra.refundedAmount !== undefined) {
      return recordRefundSoFar(runner, donation, extra.refundedAmount);
    }
    return { donationId: donation.id, outcome: `ignored: already ${from}` };
  }
  const now = clock.now();
  const [updated] = await runner
    .update(donations)
    .set({
      status: to,
      updatedAt: now,
      ...(to === "succeeded" ? { succeededAt: now } : {}),
      ...extra,
    })
    .where(eq(donations.id, donation.id))
    .returning();
  if (to === "succeeded") await afterSuccess(runner, updated);
  const topic: GiftTopic =
    to === "succeeded"
      ? "gift.succeeded"
      : to === "failed"
        ? "gift.failed"
        : to === "refunded"
          ? "gift.refunded"
          : "gift.moved";
  await recordGiftEvent(runner, topic, updated, {
    from,
    to,
    ...(to === "refunded" ? { whole: true } : {}),
  });
  return { donationId: donation.id, outcome: `${from} -> ${to}` };
}

async function afterSuccess(runner: Runner, donation: Donation) {
  // A gift given on a fundraiser page: its receipt names the page (docs/decisions/221-fundraisers.md);
  // its owner hears of it from the fundraisers' subscriber to gift.succeeded.
  const { dedications, pages } = giftAddOns();
  if (donation.donorEmail) {
    await enqueueMail(
      runner,
      receiptMail({
        ...donation,
        donorEmail: donation.donorEmail,
        succeededAt: donation.succeededAt ?? clock.now(),
        fundraiserTitle: await pages.title(runner, donation.fundraiserId),
        dedicationLine: await dedications.receiptLine(runner, donation.id, donation.language),
      }),
    );
  }
  if (donation.monthlyGiftId) {
    await runner
      .update(monthlyGifts)
      .set({ status: "active", updatedAt: clock.now() })
      .where(
        and(eq(monthlyGifts.id, donation.monthlyGiftId), eq(monthlyGifts.status, "incomplete")),
      );
  }
}
