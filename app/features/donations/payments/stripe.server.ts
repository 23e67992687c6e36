import type Stripe from "stripe";
import { env } from "#app/lib/env.server";
import type { CreatedPayment, PaymentProvider, PaymentRequest } from "./provider";

let client: Stripe | undefined;

/**
 * The Stripe SDK, pointed at STRIPE_API_URL when a local fake stands in for Stripe (tests). Loaded
 * at the first payment, not at start: the SDK takes the better part of a second to import
 * (docs/decisions/103-server-memory-and-start.md).
 */
export async function stripeClient(): Promise<Stripe> {
  if (client) return client;
  const { default: StripeSdk } = await import("stripe");
  const config = env();
  const local = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  client = new StripeSdk(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(local
      ? {
          host: local.hostname,
          port: local.port || (local.protocol === "https:" ? 443 : 80),
          protocol: local.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return client;
}

/** Drops the client so a test can point it elsewhere. */
export function resetStripeClientForTests() {
  client = undefined;
}

const MONTHLY_PRODUCT_NAME = "Monthly gift";

/** "pi_123_secret_abc" -> "pi_123": the PaymentIntent a client secret belongs to. */
function intentIdFromSecret(secret: string): string | null {
  const index = secret.indexOf("_secret_");
  return index > 0 ? secret.slice(0, index) : null;
}

async function customerFor(stripe: Stripe, email: string, name: string): Promise<string> {
  const existing = await stripe.customers.list({ email, limit: 1 });
  if (existing.data[0]) return existing.data[0].id;
  const created = await stripe.customers.create({ email, name });
  return created.id;
}

/** A monthly price for this exact amount, found by lookup key so repeat amounts reuse one price. */
async function monthlyPrice(stripe: Stripe, chargeCents: number): Promise<string> {
  const lookupKey = `monthly_gift_usd_${chargeCents}`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await stripe.prices.create({
    currency: "usd",
    unit_amount: chargeCents,
    recurring: { interval: "month" },
    product_data: { name: MONTHLY_PRODUCT_NAME },
    lookup_key: lookupKey,
    // Two first gifts of a new amount at once both create a price: the later one takes the key
    // over instead of failing the donor's payment.
    transfer_lookup_key: true,
  });
  return price.id;
}

export function stripePayments(): PaymentProvider {
  return {
    mode: "stripe",

    async createOneTime(request: PaymentRequest): Promise<CreatedPayment> {
      const stripe = await stripeClient();
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.chargeCents,
          currency: "usd",
          // Cards, wallets (Apple Pay, Google Pay) and US bank accounts, as enabled in Stripe.
          automatic_payment_methods: { enabled: true },
          receipt_email: request.email,
          description: "Donation",
          metadata: { donation_id: request.donationId },
        },
        // A retried request never creates a second payment for one donation.
        { idempotencyKey: `donation-${request.donationId}` },
      );
      return { paymentReference: intent.id, paymentIntentId: intent.id };
    },

    async updateOneTimeAmount(paymentReference, chargeCents) {
      const stripe = await stripeClient();
      await stripe.paymentIntents.update(paymentReference, { amount: chargeCents });
    },

    async createMonthly(request: PaymentRequest): Promise<CreatedPayment> {
      const stripe = await stripeClient();
      const customer = await customerFor(stripe, request.email, request.name);
      const price = await monthlyPrice(stripe, request.chargeCents);
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          // The first invoice waits for the donor to pay it in the Payment Element.
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { donation_id: request.donationId },
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: `donation-${request.donationId}` },
      );
      const invoice = subscription.latest_invoice;
      const secret =
        typeof invoice === "object" && invoice ? invoice.confirmation_secret?.client_secret : null;
      if (!invoice || typeof invoice !== "object" || !invoice.id || !secret) {
        throw new Error("Subscription without a payable first invoice");
      }
      return {
        paymentReference: invoice.id,
        paymentIntentId: intentIdFromSecret(secret),
        subscriptionReference: subscription.id,
        customerReference: customer,
      };
    },

    async cancelUnconfirmed({ paymentReference, subscriptionReference }) {
      const stripe = await stripeClient();
      if (subscriptionReference) await stripe.subscriptions.cancel(subscriptionReference);
      else await stripe.paymentIntents.cancel(paymentReference);
    },

    async clientSecret({ paymentReference, isMonthly }) {
      const stripe = await stripeClient();
      if (!isMonthly) {
        return (await stripe.paymentIntents.retrieve(paymentReference)).client_secret;
      }
      const invoice = await stripe.invoices.retrieve(paymentReference, {
        expand: ["confirmation_secret"],
      });
      return invoice.confirmation_secret?.client_secret ?? null;
    },

    async cancelSubscription(subscriptionReference) {
      const stripe = await stripeClient();
      await stripe.subscriptions.cancel(subscriptionReference);
    },

    async changeSubscriptionAmount(subscriptionReference, chargeCents) {
      const stripe = await stripeClient();
      const subscription = await stripe.subscriptions.retrieve(subscriptionReference);
      const item = subscription.items.data[0];
      if (!item) throw new Error("Subscription without an item");
      await stripe.subscriptions.update(subscriptionReference, {
        items: [{ id: item.id, price: await monthlyPrice(stripe, chargeCents) }],
        // The new amount applies from the next monthly charge; nothing is charged now.
        proration_behavior: "none",
      });
    },

    async refund({ donationId, paymentIntentId, amountCents, refundedCents, reason }) {
      const stripe = await stripeClient();
      await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: amountCents,
          reason,
          metadata: { donation_id: donationId },
        },
        // A form sent twice from the same state is one refund, not two.
        { idempotencyKey: `refund-${donationId}-${refundedCents}-${amountCents}` },
      );
    },
  };
}
