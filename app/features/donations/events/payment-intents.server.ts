/**
 * Events about one PaymentIntent: its status changes (a one-time gift, or a monthly gift's first
 * month) and refunds of its charge, which may also be of a later month
 * (docs/decisions/091-later-months-linked-to-their-payment.md). One of the event kinds
 * ../events.server.ts dispatches to.
 */
import { z } from "zod";
import type { DonationStatus } from "../status";
import {
  donationByIntent,
  idOf,
  moveDonation,
  type Outcome,
  type PaymentEvent,
  type Runner,
  recordRefundSoFar,
} from "./moves.server";

const intentSchema = z.object({
  id: z.string().min(1),
  last_payment_error: z.object({ message: z.string().optional() }).nullish(),
});
const chargeSchema = z.object({
  payment_intent: idOf.nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
});

/** The PaymentIntent events applied, and the status each one moves its donation to. */
export const INTENT_STATUS: Record<string, DonationStatus> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.processing": "processing",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
};

export async function applyIntentEvent(runner: Runner, event: PaymentEvent): Promise<Outcome> {
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

export async function applyRefund(runner: Runner, event: PaymentEvent): Promise<Outcome> {
  const charge = chargeSchema.parse(event.data.object);
  if (!charge.payment_intent) return { outcome: "ignored: refund without a payment" };
  const donation = await donationByIntent(runner, charge.payment_intent);
  if (!donation) return { outcome: `ignored: no donation for ${charge.payment_intent}` };
  const full = charge.amount_refunded >= charge.amount;
  if (full) {
    return moveDonation(runner, donation, "refunded", { refundedAmount: charge.amount_refunded });
  }
  return recordRefundSoFar(runner, donation, charge.amount_refunded);
}
