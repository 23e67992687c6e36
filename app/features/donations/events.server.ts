/**
 * The one place a donation's status changes: every payment event (Stripe's webhook, and the test
 * payment mode's own events) is applied here exactly once
 * (docs/decisions/070-donation-payment-flow.md, docs/decisions/074-test-payment-mode.md). The
 * handlers live in events/ by event kind: PaymentIntents and their refunds, and monthly gifts.
 */
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paymentEvents } from "#app/db/schema/donations";
import { dispatchNow } from "#app/lib/events.server";
import { logger } from "#app/lib/logger.server";
import { kickOutbox } from "#app/lib/outbox.server";
import {
  applyInvoiceEvent,
  applyInvoicePayment,
  applySubscriptionDeleted,
} from "./events/monthly-gifts.server";
import type { PaymentEvent } from "./events/moves.server";
import { applyIntentEvent, applyRefund, INTENT_STATUS } from "./events/payment-intents.server";

export { type PaymentEvent, PaymentEventTooEarly } from "./events/moves.server";

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
    // The change's events go to their subscribers now too (app/lib/events.server.ts); a crash
    // before they do leaves them for the next round or the next start.
    if (result === "applied") {
      kickOutbox();
      await dispatchNow();
    }
    return result;
  } catch (error) {
    if (isRecordedTwice(error)) return "duplicate";
    throw error;
  }
}
