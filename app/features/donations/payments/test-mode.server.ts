import { randomBytes } from "node:crypto";
import { applyPaymentEvent, type PaymentEvent } from "#app/features/donations/events.server";
import type { CreatedPayment, PaymentProvider } from "./provider";

/**
 * The test payment mode (docs/decisions/074-test-payment-mode.md): no Stripe keys, no real charge.
 * It hands out ids shaped like Stripe's and, where Stripe would send a webhook, applies the same
 * event through the webhook's own code (`applyPaymentEvent`).
 */
function testId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

function testEvent(type: string, object: unknown): PaymentEvent {
  return { id: testId("evt"), type, created: Math.floor(Date.now() / 1000), data: { object } };
}

export const testPayments: PaymentProvider = {
  mode: "test",

  async createOneTime(): Promise<CreatedPayment> {
    const intentId = testId("pi");
    return { paymentReference: intentId, paymentIntentId: intentId };
  },

  // Nothing is held outside the app: the donation row carries the new amount.
  async updateOneTimeAmount() {},

  async createMonthly(): Promise<CreatedPayment> {
    return {
      paymentIntentId: testId("pi"),
      paymentReference: testId("in"),
      subscriptionReference: testId("sub"),
      customerReference: testId("cus"),
    };
  },

  async cancelUnconfirmed({ paymentReference, subscriptionReference }) {
    await applyPaymentEvent(
      subscriptionReference
        ? testEvent("customer.subscription.deleted", { id: subscriptionReference })
        : testEvent("payment_intent.canceled", { id: paymentReference }),
    );
  },

  async cancelSubscription(subscriptionReference) {
    await applyPaymentEvent(
      testEvent("customer.subscription.deleted", { id: subscriptionReference }),
    );
  },

  async changeSubscriptionAmount() {},

  // Stripe's event after a refund carries the charge's whole amount and all refunded so far.
  async refund({ paymentIntentId, amountCents, chargedCents, refundedCents }) {
    await applyPaymentEvent(
      testEvent("charge.refunded", {
        id: testId("ch"),
        payment_intent: paymentIntentId,
        amount: chargedCents,
        amount_refunded: Math.min(chargedCents, refundedCents + amountCents),
      }),
    );
  },

  // The test card form needs no secret: its post carries the donation's signed payment token.
  async clientSecret() {
    return null;
  },
};

/** The test cards (Stripe's own test numbers): one that pays and one that is declined. */
export const TEST_CARD_SUCCEEDS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";
export const DECLINED_MESSAGE = "Your card was declined.";

export interface TestCharge {
  isMonthly: boolean;
  paymentReference: string;
  paymentIntentId: string | null;
  subscriptionReference: string | null;
  chargeCents: number;
}

/**
 * Confirms a test-mode payment with a test card number: 4242... pays, 4000 0000 0000 0002 is
 * declined; the outcome is the event Stripe would send, applied by the webhook's code.
 */
export async function confirmTestPayment(charge: TestCharge, cardNumber: string) {
  const intentId = charge.paymentIntentId ?? charge.paymentReference;
  if (cardNumber !== TEST_CARD_SUCCEEDS) {
    await applyPaymentEvent(
      testEvent("payment_intent.payment_failed", {
        id: intentId,
        last_payment_error: { message: DECLINED_MESSAGE },
      }),
    );
    return { paid: false as const, message: DECLINED_MESSAGE };
  }
  await applyPaymentEvent(
    charge.isMonthly
      ? testEvent("invoice.paid", {
          id: charge.paymentReference,
          amount_paid: charge.chargeCents,
          parent: { subscription_details: { subscription: charge.subscriptionReference } },
        })
      : testEvent("payment_intent.succeeded", { id: intentId }),
  );
  return { paid: true as const };
}
