import type Stripe from "stripe";
import { ZodError } from "zod";
import { applyPaymentEvent, PaymentEventTooEarly } from "#app/features/donations/events.server";
import { isStripeConfigured } from "#app/features/donations/payments/provider.server";
import { stripeClient } from "#app/features/donations/payments/stripe.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

function answer(status: number, body: Record<string, unknown>) {
  return Response.json(body, { status });
}

/**
 * The raw body, or null as soon as it passes the cap: a chunked body declares no length, so the
 * cap is counted while reading rather than trusted from Content-Length.
 */
async function readCappedBody(request: Request): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks).toString("utf8");
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) return null;
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Stripe's webhook (docs/decisions/070-donation-payment-flow.md): the raw body is checked against
 * the Stripe-Signature header and STRIPE_WEBHOOK_SECRET (which also refuses replays older than
 * five minutes), then the event is applied once. A database failure answers 500 so Stripe delivers the event again later.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isStripeConfigured()) return answer(404, { error: "Payments are in test mode" });
  if (request.method !== "POST") return answer(405, { error: "Method not allowed" });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return answer(400, { error: "Missing Stripe-Signature" });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return answer(413, { error: "Payload too large" });
  }
  const body = await readCappedBody(request);
  if (body === null) return answer(413, { error: "Payload too large" });

  const stripe = await stripeClient();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, env().STRIPE_WEBHOOK_SECRET!);
  } catch {
    logger.warn("Stripe webhook with an invalid signature refused");
    return answer(400, { error: "Invalid signature" });
  }

  try {
    const result = await applyPaymentEvent(event);
    return answer(200, { received: true, result });
  } catch (error) {
    if (error instanceof PaymentEventTooEarly) {
      logger.warn({ eventId: event.id, type: event.type }, error.message);
      return answer(503, { error: "Not applied yet, please retry" });
    }
    if (error instanceof ZodError) {
      logger.error({ eventId: event.id, type: event.type }, "Stripe event of an unexpected shape");
      return answer(400, { error: "Unexpected event shape" });
    }
    logger.error({ err: error, eventId: event.id }, "Stripe event not applied; Stripe will retry");
    return answer(500, { error: "Not applied, please retry" });
  }
}

export function loader() {
  return answer(405, { error: "Method not allowed" });
}
