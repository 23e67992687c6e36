import { isStripeConfigured } from "#app/lib/env.server";
import type { PaymentProvider } from "./provider";
import { stripePayments } from "./stripe.server";
import { testPayments } from "./test-mode.server";

export type { CreatedPayment, PaymentProvider, PaymentRequest } from "./provider";

export { isStripeConfigured };

/** Stripe when its keys are set, the test payment mode otherwise. */
export function paymentProvider(): PaymentProvider {
  return isStripeConfigured() ? stripePayments() : testPayments;
}
