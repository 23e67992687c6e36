/** What the card step needs, and what the donation row records about the payment. */
export interface CreatedPayment {
  /** PaymentIntent id (one-time) or the first invoice id (monthly). */
  paymentReference: string;
  paymentIntentId: string | null;
  subscriptionReference?: string;
  customerReference?: string;
}

export interface PaymentRequest {
  /** Cents charged: the gift plus any covered fee. */
  chargeCents: number;
  email: string;
  name: string;
  /** Our donation id, stored on the provider's object to find it again. */
  donationId: string;
}

/** Stripe's own words for why a charge is refunded. */
export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface RefundRequest {
  donationId: string;
  paymentIntentId: string;
  /** Cents given back now. */
  amountCents: number;
  /** What the charge was, and what of it was refunded before this refund. */
  chargedCents: number;
  refundedCents: number;
  reason: RefundReason;
}

/**
 * The payment provider behind the donation flow: Stripe with keys, the test payment mode without
 * (docs/decisions/074-test-payment-mode.md). Both take the same calls; status changes always arrive
 * as provider events applied by `applyPaymentEvent` (the webhook's code), never from these calls'
 * answers.
 */
export interface PaymentProvider {
  mode: "stripe" | "test";
  createOneTime(request: PaymentRequest): Promise<CreatedPayment>;
  /** Changes the amount of a one-time payment the donor has not confirmed yet. */
  updateOneTimeAmount(paymentReference: string, chargeCents: number): Promise<void>;
  createMonthly(request: PaymentRequest): Promise<CreatedPayment>;
  /** Abandons an unconfirmed payment (the donor changed the gift's type). */
  cancelUnconfirmed(payment: {
    paymentReference: string;
    subscriptionReference: string | null;
  }): Promise<void>;
  cancelSubscription(subscriptionReference: string): Promise<void>;
  /** What Stripe's Payment Element needs to pay this donation (null in test mode). */
  clientSecret(payment: { paymentReference: string; isMonthly: boolean }): Promise<string | null>;
  /** From the next month on, the monthly gift charges this many cents. */
  changeSubscriptionAmount(subscriptionReference: string, chargeCents: number): Promise<void>;
  /** Gives back part or all of a paid charge; the donation changes when `charge.refunded` arrives. */
  refund(request: RefundRequest): Promise<void>;
}
