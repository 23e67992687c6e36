/**
 * Events about a monthly gift: each month's invoice (paid or failed), the invoice payment that
 * names the month's PaymentIntent, and the end of the subscription. One of the event kinds
 * ../events.server.ts dispatches to.
 */

import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { donations, monthlyGifts } from "#app/db/schema/donations";
import { now } from "#app/lib/clock.server";
import { recordEvent } from "#app/lib/events.server";
import { giftAddOns } from "../add-ons.server";
import {
  idOf,
  moveDonation,
  type Outcome,
  type PaymentEvent,
  PaymentEventTooEarly,
  type Runner,
} from "./moves.server";

const invoiceSchema = z.object({
  id: z.string().min(1),
  amount_paid: z.number().int().nonnegative(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf }).nullish() }).nullish(),
  last_finalization_error: z.object({ message: z.string().optional() }).nullish(),
});
const subscriptionSchema = z.object({ id: z.string().min(1) });
const invoicePaymentSchema = z.object({
  invoice: idOf,
  payment: z.object({ payment_intent: idOf.nullish() }),
});

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
export async function applyInvoiceEvent(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const invoice = invoiceSchema.parse(event.data.object);
  const gift = await giftForInvoice(runner, invoice);
  if (!gift) return { outcome: `ignored: no monthly gift for invoice ${invoice.id}` };
  const paid = event.type === "invoice.paid";
  let [donation] = await runner
    .select()
    .from(donations)
    .where(eq(donations.paymentReference, invoice.id));
  const laterMonth = !donation;
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
        // Each month counts on the fundraiser page it was started on while that page is open
        // (docs/decisions/221-fundraisers.md).
        fundraiserId: await giftAddOns().pages.forMonth(runner, gift.fundraiserId),
        showAmount: gift.showAmount,
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
  if (laterMonth && paid) {
    await recordEvent(runner, "monthly-gift.renewed", {
      monthlyGiftId: gift.id,
      donationId: donation.id,
    });
  }
  return { ...moved, monthlyGiftId: gift.id };
}

/**
 * Since Stripe's 2025-03-31 API an invoice no longer names the PaymentIntent that paid it; its
 * invoice payment does. The month's donation keeps it, so a refund of that month (charge.refunded
 * names only the intent) finds its donation. Before the month's invoice.paid has landed there is no
 * row to keep it on: the event waits for Stripe's next delivery
 * (docs/decisions/091-later-months-linked-to-their-payment.md).
 */
export async function applyInvoicePayment(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const { invoice, payment } = invoicePaymentSchema.parse(event.data.object);
  if (!payment.payment_intent) return { outcome: "ignored: not paid by a PaymentIntent" };
  const [donation] = await runner
    .update(donations)
    .set({ paymentIntentId: payment.payment_intent, updatedAt: now() })
    .where(eq(donations.paymentReference, invoice))
    .returning({ id: donations.id });
  if (!donation) throw new PaymentEventTooEarly(`No donation for invoice ${invoice} yet`);
  return { donationId: donation.id, outcome: `paid by ${payment.payment_intent}` };
}

export async function applySubscriptionDeleted(
  runner: Runner,
  event: PaymentEvent,
): Promise<Outcome> {
  const subscription = subscriptionSchema.parse(event.data.object);
  const [gift] = await runner
    .update(monthlyGifts)
    .set({ status: "canceled", canceledAt: now(), updatedAt: now() })
    .where(eq(monthlyGifts.subscriptionReference, subscription.id))
    .returning();
  if (!gift) return { outcome: `ignored: no monthly gift for ${subscription.id}` };
  await recordEvent(runner, "monthly-gift.ended", { monthlyGiftId: gift.id });
  // A first month never paid is abandoned with the subscription.
  await runner
    .update(donations)
    .set({ status: "canceled", updatedAt: now() })
    .where(
      and(eq(donations.monthlyGiftId, gift.id), inArray(donations.status, ["pending", "failed"])),
    );
  return { monthlyGiftId: gift.id, outcome: "monthly gift canceled" };
}
