import { and, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { donations, monthlyGifts, newsletterSubscriptions, paymentEvents } from "#app/db/schema";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, kickOutbox, type Queryable } from "#app/lib/outbox.server";
import { receiptMail } from "./receipts.server";
import { canMove, type DonationStatus, isDonationStatus } from "./status";

/** The part of a Stripe event the app reads (webhook payloads, and the test mode's own events). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  data: { object: unknown };
}

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((value) => value.id)]);

const intentSchema = z.object({
  id: z.string().min(1),
  last_payment_error: z.object({ message: z.string().optional() }).nullish(),
});
const invoiceSchema = z.object({
  id: z.string().min(1),
  amount_paid: z.number().int().nonnegative(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf }).nullish() }).nullish(),
  last_finalization_error: z.object({ message: z.string().optional() }).nullish(),
});
const chargeSchema = z.object({
  payment_intent: idOf.nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
});
const subscriptionSchema = z.object({ id: z.string().min(1) });
const invoicePaymentSchema = z.object({
  invoice: idOf,
  payment: z.object({ payment_intent: idOf.nullish() }),
});

type Donation = typeof donations.$inferSelect;
type Runner = Queryable;

/** What applying one event did, kept in payment_events as the donation's history. */
interface Outcome {
  donationId?: string;
  monthlyGiftId?: string;
  outcome: string;
}

const INTENT_STATUS: Record<string, DonationStatus> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.processing": "processing",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
};

async function donationByIntent(runner: Runner, intentId: string) {
  const [row] = await runner
    .select()
    .from(donations)
    .where(or(eq(donations.paymentReference, intentId), eq(donations.paymentIntentId, intentId)))
    .limit(1);
  return row;
}

/**
 * Moves a donation to `to` when the rules allow it (status.ts) and does what the new status
 * implies in the same transaction: a succeeded gift queues its receipt and its newsletter opt-in.
 */
async function moveDonation(
  runner: Runner,
  donation: Donation,
  to: DonationStatus,
  extra: Partial<Pick<Donation, "failureMessage" | "refundedAmount">> = {},
): Promise<Outcome> {
  const from = isDonationStatus(donation.status) ? donation.status : "pending";
  if (from === to || !canMove(from, to)) {
    if (extra.refundedAmount !== undefined) {
      await runner
        .update(donations)
        .set({ refundedAmount: extra.refundedAmount, updatedAt: new Date() })
        .where(eq(donations.id, donation.id));
      return { donationId: donation.id, outcome: `refunded ${extra.refundedAmount} cents so far` };
    }
    return { donationId: donation.id, outcome: `ignored: already ${from}` };
  }
  const now = new Date();
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
  return { donationId: donation.id, outcome: `${from} -> ${to}` };
}

async function afterSuccess(runner: Runner, donation: Donation) {
  if (donation.donorEmail) {
    await enqueueMail(
      runner,
      receiptMail({
        ...donation,
        donorEmail: donation.donorEmail,
        succeededAt: donation.succeededAt ?? new Date(),
      }),
    );
  }
  if (donation.newsletterOptIn && donation.donorEmail) {
    await runner
      .insert(newsletterSubscriptions)
      .values({
        firstName: donation.donorName?.split(" ")[0] || "Friend",
        email: donation.donorEmail,
        source: "donation",
        language: donation.language,
      })
      .onConflictDoNothing({ target: newsletterSubscriptions.email });
  }
  if (donation.monthlyGiftId) {
    await runner
      .update(monthlyGifts)
      .set({ status: "active", updatedAt: new Date() })
      .where(
        and(eq(monthlyGifts.id, donation.monthlyGiftId), eq(monthlyGifts.status, "incomplete")),
      );
  }
}

async function applyIntentEvent(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const intent = intentSchema.parse(event.data.object);
  const donation = await donationByIntent(runner, intent.id);
  if (!donation) return { outcome: `ignored: no donation for ${intent.id}` };
  const to = INTENT_STATUS[event.type];
  return moveDonation(runner, donation, to, {
    ...(to === "failed"
      ? { failureMessage: intent.last_payment_error?.message ?? "The payment failed." }
      : {}),
  });
}

async function giftForInvoice(runner: Runner, invoice: z.infer<typeof invoiceSchema>) {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return undefined;
  const [gift] = await runner
    .select()
    .from(monthlyGifts)
    .where(eq(monthlyGifts.subscriptionReference, subscription));
  return gift;
}

/**
 * Each month of a monthly gift is paid by an invoice: the first one is the donation row written
 * when the donor started; every later one gets a row of its own, with its own receipt.
 */
async function applyInvoiceEvent(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const invoice = invoiceSchema.parse(event.data.object);
  const gift = await giftForInvoice(runner, invoice);
  if (!gift) return { outcome: `ignored: no monthly gift for invoice ${invoice.id}` };
  const paid = event.type === "invoice.paid";
  let [donation] = await runner
    .select()
    .from(donations)
    .where(eq(donations.paymentReference, invoice.id));
  if (!donation) {
    // A later month: the charge is the gift plus the fee the donor chose to cover.
    const fee = Math.min(gift.feeAmount, invoice.amount_paid);
    [donation] = await runner
      .insert(donations)
      .values({
        donorName: gift.donorName,
        donorEmail: gift.donorEmail,
        isAnonymous: gift.isAnonymous,
        amount: paid ? invoice.amount_paid - fee : gift.amount,
        feeAmount: paid ? fee : gift.feeAmount,
        currency: gift.currency,
        isMonthly: true,
        status: "pending",
        paymentReference: invoice.id,
        monthlyGiftId: gift.id,
        language: gift.language,
      })
      .returning();
  }
  const moved = await moveDonation(runner, donation, paid ? "succeeded" : "failed", {
    ...(paid
      ? {}
      : {
          failureMessage: invoice.last_finalization_error?.message ?? "The monthly payment failed.",
        }),
  });
  return { ...moved, monthlyGiftId: gift.id };
}

/** An event that refers to something not recorded yet: not applied, so Stripe delivers it again. */
export class PaymentEventTooEarly extends Error {}

/**
 * Since Stripe's 2025-03-31 API an invoice no longer names the PaymentIntent that paid it; its
 * invoice payment does. The month's donation keeps it, so a refund of that month (charge.refunded
 * names only the intent) finds its donation. Before the month's invoice.paid has landed there is no
 * row to keep it on: the event waits for Stripe's next delivery.
 */
async function applyInvoicePayment(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const { invoice, payment } = invoicePaymentSchema.parse(event.data.object);
  if (!payment.payment_intent) return { outcome: "ignored: not paid by a PaymentIntent" };
  const [donation] = await runner
    .update(donations)
    .set({ paymentIntentId: payment.payment_intent, updatedAt: new Date() })
    .where(eq(donations.paymentReference, invoice))
    .returning({ id: donations.id });
  if (!donation) throw new PaymentEventTooEarly(`No donation for invoice ${invoice} yet`);
  return { donationId: donation.id, outcome: `paid by ${payment.payment_intent}` };
}

async function applyRefund(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const charge = chargeSchema.parse(event.data.object);
  if (!charge.payment_intent) return { outcome: "ignored: refund without a payment" };
  const donation = await donationByIntent(runner, charge.payment_intent);
  if (!donation) return { outcome: `ignored: no donation for ${charge.payment_intent}` };
  const full = charge.amount_refunded >= charge.amount;
  if (full) {
    return moveDonation(runner, donation, "refunded", { refundedAmount: charge.amount_refunded });
  }
  await runner
    .update(donations)
    .set({ refundedAmount: charge.amount_refunded, updatedAt: new Date() })
    .where(eq(donations.id, donation.id));
  return { donationId: donation.id, outcome: `refunded ${charge.amount_refunded} cents so far` };
}

async function applySubscriptionDeleted(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const subscription = subscriptionSchema.parse(event.data.object);
  const [gift] = await runner
    .update(monthlyGifts)
    .set({ status: "canceled", canceledAt: new Date(), updatedAt: new Date() })
    .where(eq(monthlyGifts.subscriptionReference, subscription.id))
    .returning();
  if (!gift) return { outcome: `ignored: no monthly gift for ${subscription.id}` };
  // A first month never paid is abandoned with the subscription.
  await runner
    .update(donations)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(
      and(eq(donations.monthlyGiftId, gift.id), inArray(donations.status, ["pending", "failed"])),
    );
  return { monthlyGiftId: gift.id, outcome: "monthly gift canceled" };
}

function handlerFor(type: string) {
  if (type in INTENT_STATUS) return applyIntentEvent;
  if (type === "invoice.paid" || type === "invoice.payment_failed") return applyInvoiceEvent;
  if (type === "invoice_payment.paid") return applyInvoicePayment;
  if (type === "charge.refunded") return applyRefund;
  if (type === "customer.subscription.deleted") return applySubscriptionDeleted;
  return undefined;
}

export type ApplyResult = "applied" | "duplicate" | "ignored";

/** True when the error is another delivery of the same event winning the race to record it. */
function isRecordedTwice(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; ) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "payment_events_pkey") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Applies one payment event exactly once: the event id is stored in the same transaction as the
 * change it makes, so a redelivery (or two deliveries racing) changes nothing the second time. The
 * webhook and the test payment mode both come through here; nothing else sets a donation status.
 * Throws when the database is unavailable, so the webhook answers 500 and Stripe retries.
 */
export async function applyPaymentEvent(event: PaymentEvent): Promise<ApplyResult> {
  const handler = handlerFor(event.type);
  if (!handler) return "ignored";
  try {
    const result = await db().transaction(async (tx) => {
      const [seen] = await tx
        .select({ id: paymentEvents.eventId })
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id));
      if (seen) return "duplicate" as const;
      const outcome = await handler(tx, event);
      await tx.insert(paymentEvents).values({
        eventId: event.id,
        type: event.type,
        donationId: outcome.donationId,
        monthlyGiftId: outcome.monthlyGiftId,
        outcome: outcome.outcome,
        occurredAt: new Date(event.created * 1000),
      });
      logger.info(
        { eventId: event.id, type: event.type, outcome: outcome.outcome },
        "payment event",
      );
      return "applied" as const;
    });
    // A receipt may have been queued with the change: send it now rather than at the next round.
    if (result === "applied") kickOutbox();
    return result;
  } catch (error) {
    if (isRecordedTwice(error)) return "duplicate";
    throw error;
  }
}
