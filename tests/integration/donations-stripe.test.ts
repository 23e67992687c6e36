/**
 * The donation flow with Stripe keys, end to end against a local fake of Stripe's API
 * (tests/fakes/stripe-api.ts): the /donate action, the payment and success pages, the signed
 * webhook, receipts in the outbox and the donor's manage page, on PGlite and PostgreSQL.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { database, db, installDatabase, openDatabase } from "#app/db/client.server";
import { donations, mailOutbox, monthlyGifts, paymentEvents } from "#app/db/schema";
import { action as donationDetailAction } from "#app/features/donations/admin/donation-detail";
import { coveredFeeCents } from "#app/features/donations/fees";
import { checkManageToken, manageToken } from "#app/features/donations/manage-link.server";
import {
  resetStripeClientForTests,
  stripeClient,
} from "#app/features/donations/payments/stripe.server";
import { NO_GOODS_OR_SERVICES } from "#app/features/donations/receipts.server";
import { loader as successLoader } from "#app/features/donations/routes/donation-success";
import {
  action as manageAction,
  loader as manageLoader,
} from "#app/features/donations/routes/manage";
import { loader as paymentPageLoader } from "#app/features/donations/routes/pay";
import { action as webhookAction } from "#app/features/donations/routes/stripe-webhook";
import { env, resetEnvForTests } from "#app/lib/env.server";
import { stopOutboxWorker } from "#app/lib/outbox.server";
import { action as donateAction } from "#app/site/routes/donate";
import { createUserSession } from "#tests/auth-utils";
import {
  FAKE_KEYS,
  type StripeFake,
  startStripeFake,
  webhookRequest,
} from "#tests/fakes/stripe-api";
import { routeArgs, toastOf } from "#tests/utils";
import { postRequest } from "./admin-helpers";
import { fieldErrors, post, settle } from "./public-forms";

let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake();
  fake.configure();
});

beforeEach(() => fake.reset());

// A receipt queued by a webhook is sent in the background: let that round end before the next test.
afterEach(() => stopOutboxWorker());

afterAll(async () => {
  await fake.close();
  for (const key of [...Object.keys(FAKE_KEYS), "STRIPE_API_URL"]) delete process.env[key];
  resetEnvForTests();
  resetStripeClientForTests();
});

let donorCount = 0;
/** Today's donor: a fresh address per test, so the per-address payment limit never interferes. */
let donor = { donorName: "Ana Ruiz", donorEmail: "" };
beforeEach(() => {
  donorCount += 1;
  donor = { donorName: "Ana Ruiz", donorEmail: `ana-${donorCount}@example.org` };
});

/** Posts the donation panel as a browser would, from a fresh client address. */
function donate(fields: Record<string, string>) {
  return settle(
    donateAction(
      routeArgs(
        post("/donate", { panel: "full", frequency: "once", preset: "50", ...donor, ...fields }),
      ),
    ),
  );
}

/** Donates and follows the redirect to the payment page: the donation id and its signed token. */
async function startGift(fields: Record<string, string>) {
  const { status, body } = await donate(fields);
  expect(status).toBe(302);
  const location = new URL((body as Response).headers.get("Location")!, "http://localhost:3000");
  expect(location.pathname).toMatch(/^\/donate\/pay\/[0-9a-f-]{36}$/);
  const id = location.pathname.split("/").pop()!;
  const [row] = await db().select().from(donations).where(eq(donations.id, id));
  return { id, token: location.searchParams.get("token")!, row };
}

function paymentPage(id: string, token: string) {
  const url = `http://localhost:3000/donate/pay/${id}?token=${encodeURIComponent(token)}`;
  return paymentPageLoader(routeArgs(new Request(url), { id }));
}

async function successPage(query: string) {
  const result = await successLoader(
    routeArgs(new Request(`http://localhost:3000/donation-success?${query}`)),
  );
  return result.gift;
}

async function deliver(event: unknown, options?: Parameters<typeof webhookRequest>[1]) {
  const response = await webhookAction(routeArgs(webhookRequest(event, options)));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function donationRow(id: string) {
  const [row] = await db().select().from(donations).where(eq(donations.id, id));
  return row;
}

const receipts = () =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "receipt"))
    .orderBy(asc(mailOutbox.createdAt));
const eventRows = () => db().select().from(paymentEvents);

/** A one-time gift the donor has paid on Stripe's side (no webhook delivered yet). */
async function paidOneTimeGift(fields: Record<string, string> = {}) {
  const gift = await startGift(fields);
  const intent = fake.confirmPayment(gift.row.paymentReference!);
  return { ...gift, intent };
}

/** A monthly gift whose first invoice is paid and delivered: an active subscription. */
async function activeMonthlyGift(fields: Record<string, string> = {}) {
  const gift = await startGift({ frequency: "monthly", preset: "", customAmount: "40", ...fields });
  const [monthly] = await db()
    .select()
    .from(monthlyGifts)
    .where(eq(monthlyGifts.id, gift.row.monthlyGiftId!));
  fake.confirmPayment(gift.row.paymentIntentId!);
  const paid = await deliver(fake.event("invoice.paid", fake.invoice(gift.row.paymentReference!)));
  expect(paid.body.result).toBe("applied");
  return { ...gift, monthly };
}

describe("one-time gifts", () => {
  test("the donate action creates one PaymentIntent for gift plus fee and a pending row", async () => {
    const { id, token, row } = await startGift({ coverFee: "on", anonymous: "on" });
    const fee = coveredFeeCents(5000);

    const [create] = fake.calls("POST", "/v1/payment_intents");
    expect(fake.calls("POST", "/v1/payment_intents")).toHaveLength(1);
    expect(create.params).toMatchObject({
      amount: String(5000 + fee),
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      receipt_email: donor.donorEmail,
      metadata: { donation_id: id },
    });
    expect(create.idempotencyKey).toBe(`donation-${id}`);
    const intent = fake.intent(row.paymentReference!);
    expect(intent.amount).toBe(5000 + fee);

    expect(row).toMatchObject({
      amount: 5000,
      feeAmount: fee,
      currency: "usd",
      isMonthly: false,
      isAnonymous: true,
      status: "pending",
      paymentReference: intent.id,
      paymentIntentId: intent.id,
      donorEmail: donor.donorEmail,
    });

    const page = await paymentPage(id, token);
    expect(page.mode).toBe("stripe");
    expect(page.stripe).toEqual({
      publishableKey: FAKE_KEYS.STRIPE_PUBLISHABLE_KEY,
      clientSecret: intent.client_secret,
    });
    expect(page.donorName).toBeNull(); // anonymous
    expect(page.gift).toMatchObject({ amount: 5000, feeAmount: fee, total: 5000 + fee });
    expect(fake.calls("GET", `/v1/payment_intents/${intent.id}`)).toHaveLength(1);
  });

  test("changing only the amount of a pending gift updates the same intent", async () => {
    const first = await startGift({});
    const again = await startGift({ preset: "", customAmount: "75", edit: first.token });

    expect(again.id).toBe(first.id);
    expect(fake.calls("POST", "/v1/payment_intents")).toHaveLength(1);
    const [update] = fake.calls("POST", `/v1/payment_intents/${first.row.paymentReference}`);
    expect(update.params).toEqual({ amount: "7500" });
    expect(fake.intent(first.row.paymentReference!).amount).toBe(7500);
    expect(again.row).toMatchObject({ amount: 7500, status: "pending" });
    expect(await db().select().from(donations)).toHaveLength(1);
  });

  test("changing the type abandons the one-time intent for a subscription", async () => {
    const first = await startGift({});
    const monthly = await startGift({ frequency: "monthly", edit: first.token });

    expect(monthly.id).not.toBe(first.id);
    const intentId = first.row.paymentReference!;
    expect(fake.calls("POST", `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(fake.intent(intentId).status).toBe("canceled");
    expect(fake.calls("POST", "/v1/subscriptions")).toHaveLength(1);
    expect(monthly.row).toMatchObject({ isMonthly: true, amount: 5000, status: "pending" });

    // Stripe then reports the cancellation; only the webhook changes the old row's status.
    expect((await donationRow(first.id)).status).toBe("pending");
    const canceled = await deliver(fake.event("payment_intent.canceled", fake.intent(intentId)));
    expect(canceled).toEqual({ status: 200, body: { received: true, result: "applied" } });
    expect((await donationRow(first.id)).status).toBe("canceled");
    expect((await donationRow(monthly.id)).status).toBe("pending");
  });

  test("a monthly gift changed to one-time cancels its subscription", async () => {
    const first = await startGift({ frequency: "monthly" });
    const [gift] = await db().select().from(monthlyGifts);
    const once = await startGift({ frequency: "once", edit: first.token });

    expect(once.id).not.toBe(first.id);
    expect(fake.calls("DELETE", `/v1/subscriptions/${gift.subscriptionReference}`)).toHaveLength(1);
    const deleted = fake.subscription(gift.subscriptionReference);
    expect(deleted.status).toBe("canceled");
    await deliver(fake.event("customer.subscription.deleted", deleted));
    expect((await donationRow(first.id)).status).toBe("canceled");
    const [after] = await db().select().from(monthlyGifts);
    expect(after.status).toBe("canceled");
  });

  test("a provider refusal answers 'Could not initialize payment' and writes no row", async () => {
    fake.failNext({
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      message: "Invalid integer: 5175.5",
      param: "amount",
    });
    const { status, body } = await donate({});

    expect(status).toBe(502);
    expect(fieldErrors(body)[""]).toEqual(["Could not initialize payment"]);
    expect(fake.requests).toHaveLength(1); // a 4xx is not retried
    expect(await db().select().from(donations)).toHaveLength(0);
  });

  test("Stripe down: retried with the same Idempotency-Key, then 'Could not initialize payment'", async () => {
    const outage = {
      status: 500,
      type: "api_error",
      message: "An unknown error occurred",
    } as const;
    fake.failNext(outage, 3);
    const { status, body } = await donate({ frequency: "monthly", preset: "100" });

    expect(status).toBe(502);
    expect(fieldErrors(body)[""]).toEqual(["Could not initialize payment"]);
    expect(fake.requests).toHaveLength(3);
    expect(new Set(fake.requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await db().select().from(donations)).toHaveLength(0);
    expect(await db().select().from(monthlyGifts)).toHaveLength(0);
  });

  test("an answer lost on the way: the retry is replayed by its Idempotency-Key", async () => {
    fake.loseNextAnswer();
    const { row } = await startGift({});

    const creates = fake.calls("POST", "/v1/payment_intents");
    expect(creates.map((r) => [r.status, r.replayed])).toEqual([
      [0, false],
      [200, true],
    ]);
    expect(creates[1].idempotencyKey).toBe(creates[0].idempotencyKey);
    expect(fake.intents().map((intent) => intent.id)).toEqual([row.paymentReference]);
  });

  test("a retry after one outage creates exactly one PaymentIntent", async () => {
    fake.failNext({ status: 503, type: "api_error", message: "Service unavailable" });
    const { row } = await startGift({});

    const creates = fake.calls("POST", "/v1/payment_intents");
    expect(creates.map((r) => r.status)).toEqual([503, 200]);
    expect(creates[0].idempotencyKey).toBe(creates[1].idempotencyKey);
    expect(fake.intents().map((intent) => intent.id)).toEqual([row.paymentReference]);
    expect(await db().select().from(donations)).toHaveLength(1);
  });
});

describe("monthly gifts", () => {
  test("a customer by e-mail, a price by lookup key and an incomplete subscription, reused", async () => {
    const first = await startGift({ frequency: "monthly", preset: "", customAmount: "40" });

    const [customerLookup] = fake.calls("GET", "/v1/customers");
    expect(customerLookup.params).toMatchObject({ email: donor.donorEmail, limit: "1" });
    const [customerCreate] = fake.calls("POST", "/v1/customers");
    expect(customerCreate.params).toEqual({ email: donor.donorEmail, name: donor.donorName });
    const [priceLookup] = fake.calls("GET", "/v1/prices");
    expect(priceLookup.params.lookup_keys).toEqual(["monthly_gift_usd_4000"]);
    const [priceCreate] = fake.calls("POST", "/v1/prices");
    expect(priceCreate.params).toMatchObject({
      currency: "usd",
      unit_amount: "4000",
      recurring: { interval: "month" },
      lookup_key: "monthly_gift_usd_4000",
    });
    const [subscribe] = fake.calls("POST", "/v1/subscriptions");
    const customer = fake.customers()[0];
    const price = fake.prices()[0];
    expect(subscribe.params).toMatchObject({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
      metadata: { donation_id: first.id },
    });
    expect(subscribe.idempotencyKey).toBe(`donation-${first.id}`);

    const [gift] = await db().select().from(monthlyGifts);
    const subscription = fake.subscription(gift.subscriptionReference);
    expect(subscription).toMatchObject({ status: "incomplete", customer: customer.id });
    const invoiceId = subscription.latest_invoice as string;
    expect(first.row).toMatchObject({
      isMonthly: true,
      amount: 4000,
      feeAmount: 0,
      status: "pending",
      paymentReference: invoiceId,
      paymentIntentId: fake.invoiceIntentId(invoiceId),
      monthlyGiftId: gift.id,
    });
    expect(gift).toMatchObject({
      status: "incomplete",
      customerReference: customer.id,
      amount: 4000,
    });

    // The card step pays the first invoice: its confirmation secret, asked for with expand[].
    const page = await paymentPage(first.id, first.token);
    expect(page.stripe?.clientSecret).toBe(
      fake.intent(fake.invoiceIntentId(invoiceId)).client_secret,
    );
    const [invoiceFetch] = fake.calls("GET", `/v1/invoices/${invoiceId}`);
    expect(invoiceFetch.params).toEqual({ expand: ["confirmation_secret"] });

    // A second gift of the same amount from the same donor: no second customer, no second price.
    const second = await startGift({ frequency: "monthly", preset: "", customAmount: "40" });
    expect(second.id).not.toBe(first.id);
    expect(fake.calls("POST", "/v1/customers")).toHaveLength(1);
    expect(fake.calls("POST", "/v1/prices")).toHaveLength(1);
    expect(fake.calls("POST", "/v1/subscriptions")[1].params).toMatchObject({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(await db().select().from(monthlyGifts)).toHaveLength(2);
  });

  test("two donors starting the same new monthly amount at once both get a subscription", async () => {
    const gifts = await Promise.all([
      donate({ frequency: "monthly", preset: "", customAmount: "35" }),
      donate({
        frequency: "monthly",
        preset: "",
        customAmount: "35",
        donorEmail: "bo@example.org",
      }),
    ]);
    expect(gifts.map((gift) => gift.status)).toEqual([302, 302]);
    expect(await db().select().from(monthlyGifts)).toHaveLength(2);
    // The lookup key ends on one price, which later gifts of that amount reuse.
    const keyed = fake.prices().filter((price) => price.lookup_key === "monthly_gift_usd_3500");
    expect(keyed).toHaveLength(1);
  });

  test("each paid month is a succeeded donation with its own receipt", async () => {
    const gift = await startGift({
      frequency: "monthly",
      preset: "",
      customAmount: "40",
      coverFee: "on",
    });
    const fee = coveredFeeCents(4000);
    const intentId = gift.row.paymentIntentId!;
    fake.confirmPayment(intentId);
    // Stripe sends both events for the first invoice; they are one payment.
    await deliver(fake.event("payment_intent.succeeded", fake.intent(intentId)));
    await deliver(fake.event("invoice.paid", fake.invoice(gift.row.paymentReference!)));

    expect(await donationRow(gift.id)).toMatchObject({
      status: "succeeded",
      amount: 4000,
      feeAmount: fee,
    });
    const [active] = await db().select().from(monthlyGifts);
    expect(active.status).toBe("active");
    expect(await receipts()).toHaveLength(1);

    const nextMonth = fake.renewSubscription(active.subscriptionReference);
    expect(nextMonth.amount_paid).toBe(4000 + fee);
    const renewal = await deliver(fake.event("invoice.paid", nextMonth));
    expect(renewal.body.result).toBe("applied");

    const rows = await db()
      .select()
      .from(donations)
      .where(eq(donations.monthlyGiftId, active.id))
      .orderBy(asc(donations.createdAt));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      status: "succeeded",
      amount: 4000,
      feeAmount: fee,
      isMonthly: true,
      paymentReference: nextMonth.id,
      donorEmail: donor.donorEmail,
    });
    const mails = await receipts();
    expect(mails.map((mail) => mail.dedupeKey)).toEqual(rows.map((row) => `receipt:${row.id}`));
    expect(mails[1].text).toMatch(/your monthly gift for \w+ \d{4}/);

    // The same renewal delivered again adds nothing.
    const again = await deliver(fake.event("invoice.paid", nextMonth));
    expect(again.body.result).toBe("applied");
    expect(await db().select().from(donations)).toHaveLength(2);
    expect(await receipts()).toHaveLength(2);
  });

  test("a later month's refund finds its donation through the invoice payment", async () => {
    const { monthly } = await activeMonthlyGift();
    const nextMonth = fake.renewSubscription(monthly.subscriptionReference);
    const intentId = fake.invoiceIntentId(nextMonth.id);
    const linked = fake.event("invoice_payment.paid", fake.invoicePayment(nextMonth.id));

    // Delivered before the month's invoice.paid: not applied, so Stripe delivers it again.
    expect(await deliver(linked)).toEqual({
      status: 503,
      body: { error: "Not applied yet, please retry" },
    });
    await deliver(fake.event("invoice.paid", nextMonth));
    expect((await deliver(linked)).body.result).toBe("applied");

    await deliver(fake.event("charge.refunded", fake.refund(intentId, 4000)));
    const [month] = await db()
      .select()
      .from(donations)
      .where(eq(donations.paymentReference, nextMonth.id));
    expect(month).toMatchObject({
      status: "refunded",
      refundedAmount: 4000,
      paymentIntentId: intentId,
    });
    const others = await db().select().from(donations).where(eq(donations.status, "succeeded"));
    expect(others).toHaveLength(1);
  });

  test("a failed renewal is recorded as a failed month without a receipt", async () => {
    const { monthly } = await activeMonthlyGift();
    const invoice = fake.renewSubscription(monthly.subscriptionReference, { declined: true });
    expect(invoice).toMatchObject({ status: "open", amount_paid: 0 });
    await deliver(fake.event("invoice.payment_failed", invoice));

    const [failed] = await db()
      .select()
      .from(donations)
      .where(eq(donations.paymentReference, invoice.id));
    expect(failed).toMatchObject({ status: "failed", amount: 4000, isMonthly: true });
    expect(await receipts()).toHaveLength(1);
  });

  test("the manage page changes the amount and cancels through Stripe", async () => {
    const { monthly } = await activeMonthlyGift();
    const token = manageToken(donor.donorEmail);
    const subscriptionId = monthly.subscriptionReference;
    const itemId = (fake.subscription(subscriptionId).items as { data: { id: string }[] }).data[0]
      .id;
    fake.requests.splice(0);

    const change = await settle(
      manageAction(
        routeArgs(
          post("/donate/manage", {
            intent: "change-amount",
            token,
            giftId: monthly.id,
            amount: "60",
          }),
        ),
      ),
    );
    expect(change.status).toBe(302);
    expect(await toastOf(change.body as Response)).toMatchObject({
      type: "success",
      title: "Monthly gift updated",
    });
    expect(fake.calls("GET", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.calls("GET", "/v1/prices")[0].params.lookup_keys).toEqual([
      "monthly_gift_usd_6000",
    ]);
    const [newPrice] = fake.calls("POST", "/v1/prices");
    expect(newPrice.params).toMatchObject({ unit_amount: "6000" });
    const [update] = fake.calls("POST", `/v1/subscriptions/${subscriptionId}`);
    expect(update.params).toMatchObject({
      items: [{ id: itemId }],
      proration_behavior: "none",
    });
    const updated = fake.subscription(subscriptionId);
    expect(
      (updated.items as { data: { price: { unit_amount: number } }[] }).data[0].price.unit_amount,
    ).toBe(6000);
    const [changed] = await db().select().from(monthlyGifts);
    expect(changed).toMatchObject({ amount: 6000, status: "active" });

    // The next month is charged, and recorded, at the new amount.
    const nextMonth = fake.renewSubscription(subscriptionId);
    expect(nextMonth.amount_paid).toBe(6000);
    await deliver(fake.event("invoice.paid", nextMonth));
    const [renewal] = await db()
      .select()
      .from(donations)
      .where(eq(donations.paymentReference, nextMonth.id));
    expect(renewal).toMatchObject({ status: "succeeded", amount: 6000, feeAmount: 0 });

    const cancel = await settle(
      manageAction(
        routeArgs(post("/donate/manage", { intent: "cancel", token, giftId: monthly.id })),
      ),
    );
    expect(await toastOf(cancel.body as Response)).toMatchObject({
      type: "success",
      title: "Monthly gift canceled",
    });
    expect(fake.calls("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.subscription(subscriptionId).status).toBe("canceled");

    const deleted = await deliver(
      fake.event("customer.subscription.deleted", fake.subscription(subscriptionId)),
    );
    expect(deleted.body.result).toBe("applied");
    const [canceled] = await db().select().from(monthlyGifts);
    expect(canceled.status).toBe("canceled");
    expect(canceled.canceledAt).toBeInstanceOf(Date);
    // The months already paid stay gifts.
    expect(await db().select({ status: donations.status }).from(donations)).toEqual([
      { status: "succeeded" },
      { status: "succeeded" },
    ]);
  });

  test("a Stripe failure on the manage page changes nothing", async () => {
    const { monthly } = await activeMonthlyGift();
    fake.failNext({ status: 400, type: "invalid_request_error", message: "No such subscription" });
    const token = manageToken(donor.donorEmail);
    const cancel = await settle(
      manageAction(
        routeArgs(post("/donate/manage", { intent: "cancel", token, giftId: monthly.id })),
      ),
    );
    expect(await toastOf(cancel.body as Response)).toMatchObject({ type: "error" });
    expect(fake.subscription(monthly.subscriptionReference).status).toBe("active");
    const [gift] = await db().select().from(monthlyGifts);
    expect(gift.status).toBe("active");
  });
});

describe("the webhook", () => {
  test("a signed event is applied; the success page shows pending, then succeeded", async () => {
    const { id, intent } = await paidOneTimeGift();
    expect(await successPage(`ref=${id}`)).toMatchObject({ id, status: "pending" });

    const delivered = await deliver(fake.event("payment_intent.succeeded", intent));
    expect(delivered).toEqual({ status: 200, body: { received: true, result: "applied" } });
    expect(await successPage(`ref=${id}`)).toMatchObject({ id, status: "succeeded" });
    const row = await donationRow(id);
    expect(row.succeededAt).toBeInstanceOf(Date);
    const [event] = await eventRows();
    expect(event).toMatchObject({ type: "payment_intent.succeeded", donationId: id });
  });

  test("a webhook before the success page: Stripe's return URL shows the gift succeeded", async () => {
    const { id, intent } = await paidOneTimeGift();
    await deliver(fake.event("payment_intent.succeeded", intent));
    const returnQuery = new URLSearchParams({
      ref: id,
      payment_intent: String(intent.id),
      payment_intent_client_secret: String(intent.client_secret),
      redirect_status: "succeeded",
    });
    expect(await successPage(returnQuery.toString())).toMatchObject({ id, status: "succeeded" });
    // Found by the PaymentIntent alone, as Stripe's redirect names it.
    expect(await successPage(`payment_intent=${intent.id}`)).toMatchObject({ id });
  });

  test("a forged signature is refused and changes nothing", async () => {
    const { id, intent } = await paidOneTimeGift();
    const event = fake.event("payment_intent.succeeded", intent);

    const wrongSecret = await deliver(event, { secret: "whsec_someone_else" });
    expect(wrongSecret).toEqual({ status: 400, body: { error: "Invalid signature" } });

    // Signed, then altered on the way.
    const signed = webhookRequest(event);
    const tampered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify({ ...event, type: "charge.refunded" }),
    });
    expect((await webhookAction(routeArgs(tampered))).status).toBe(400);

    expect((await donationRow(id)).status).toBe("pending");
    expect(await eventRows()).toHaveLength(0);
  });

  test("a replay of an old delivery (over five minutes) is refused", async () => {
    const { id, intent } = await paidOneTimeGift();
    const event = fake.event("payment_intent.succeeded", intent);
    const old = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(old.status).toBe(400);
    expect((await donationRow(id)).status).toBe("pending");
    expect(await eventRows()).toHaveLength(0);
  });

  test("an event type the app does not use is acknowledged and ignored", async () => {
    const { intent } = await paidOneTimeGift();
    const created = await deliver(fake.event("payment_intent.created", intent));
    expect(created).toEqual({ status: 200, body: { received: true, result: "ignored" } });
    expect(await eventRows()).toHaveLength(0);
  });

  test("a duplicate delivery is applied once: one event row, one receipt", async () => {
    const { id, intent } = await paidOneTimeGift();
    const event = fake.event("payment_intent.succeeded", intent);

    expect((await deliver(event)).body.result).toBe("applied");
    expect((await deliver(event)).body.result).toBe("duplicate");
    expect(await eventRows()).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);

    // Two deliveries racing each other.
    const refund = fake.event("charge.refunded", fake.refund(intent.id, 1000));
    const raced = await Promise.all([deliver(refund), deliver(refund)]);
    expect(raced.map((r) => r.status)).toEqual([200, 200]);
    expect(raced.map((r) => r.body.result).sort()).toEqual(["applied", "duplicate"]);
    expect(await eventRows()).toHaveLength(2);
    expect((await donationRow(id)).refundedAmount).toBe(1000);
  });

  test("events out of order never undo a success", async () => {
    const gift = await startGift({});
    const intentId = gift.row.paymentReference!;
    const processing = fake.event(
      "payment_intent.processing",
      fake.startBankPayment(intentId),
      100,
    );
    const succeeded = fake.event("payment_intent.succeeded", fake.confirmPayment(intentId), 200);
    const declined = fake.event(
      "payment_intent.payment_failed",
      {
        ...fake.intent(intentId),
        status: "requires_payment_method",
        last_payment_error: { message: "Your card was declined." },
      },
      50,
    );

    await deliver(succeeded);
    await deliver(processing);
    await deliver(declined);

    const row = await donationRow(gift.id);
    expect(row.status).toBe("succeeded");
    expect(row.failureMessage).toBeNull();
    expect(await eventRows()).toHaveLength(3);
    expect(await receipts()).toHaveLength(1);
  });

  test("a declined card is recorded as failed with Stripe's message, and can still be paid", async () => {
    const gift = await startGift({});
    const intentId = gift.row.paymentReference!;
    await deliver(fake.event("payment_intent.payment_failed", fake.declinePayment(intentId)));
    expect(await donationRow(gift.id)).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });
    // The payment page stays open for another card.
    expect((await paymentPage(gift.id, gift.token)).gift.status).toBe("failed");

    await deliver(fake.event("payment_intent.succeeded", fake.confirmPayment(intentId)));
    expect((await donationRow(gift.id)).status).toBe("succeeded");
  });

  test("refunds: a partial one is counted, a full one marks the gift refunded", async () => {
    const { id, intent } = await paidOneTimeGift();
    await deliver(fake.event("payment_intent.succeeded", intent));
    const intentId = intent.id;

    await deliver(fake.event("charge.refunded", fake.refund(intentId, 2000)));
    expect(await donationRow(id)).toMatchObject({ status: "succeeded", refundedAmount: 2000 });

    await deliver(fake.event("charge.refunded", fake.refund(intentId, 3000)));
    expect(await donationRow(id)).toMatchObject({ status: "refunded", refundedAmount: 5000 });
    expect(await successPage(`ref=${id}`)).toMatchObject({ status: "refunded" });
  });

  test("the database down: answered 500 so Stripe retries, and applied on redelivery", async () => {
    const { id, intent } = await paidOneTimeGift();
    const event = fake.event("payment_intent.succeeded", intent);

    // A real connection failure: the app's database is a PostgreSQL where nothing listens.
    const live = database();
    const down = openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:9/unreachable" });
    installDatabase(down);
    let failed: Awaited<ReturnType<typeof deliver>>;
    try {
      failed = await deliver(event);
    } finally {
      installDatabase(live);
      await down.close();
    }
    expect(failed).toEqual({ status: 500, body: { error: "Not applied, please retry" } });
    expect((await donationRow(id)).status).toBe("pending");
    expect(await eventRows()).toHaveLength(0);
    expect(await receipts()).toHaveLength(0);

    expect((await deliver(event)).body.result).toBe("applied");
    expect((await donationRow(id)).status).toBe("succeeded");
    expect(await receipts()).toHaveLength(1);
  });

  test("a request without a signature, or far too large, is refused unread", async () => {
    const unsigned = new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect((await webhookAction(routeArgs(unsigned))).status).toBe(400);

    const huge = {
      ...fake.event("payment_intent.succeeded", { id: "pi_x", object: "payment_intent" }),
      padding: "x".repeat(600_000),
    };
    expect((await webhookAction(routeArgs(webhookRequest(huge)))).status).toBe(413);

    // A chunked body declares no length: it is cut off at the cap, never read to its (absent) end.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const chunked = new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": "t=1,v1=00" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect((await webhookAction(routeArgs(chunked))).status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
    expect(await eventRows()).toHaveLength(0);
  });

  test("without Stripe keys (test payment mode) the webhook does not exist", async () => {
    const { intent } = await paidOneTimeGift();
    const request = webhookRequest(fake.event("payment_intent.succeeded", intent));
    for (const key of Object.keys(FAKE_KEYS)) delete process.env[key];
    resetEnvForTests();
    try {
      expect((await webhookAction(routeArgs(request))).status).toBe(404);
    } finally {
      fake.configure();
    }
    expect(await eventRows()).toHaveLength(0);
  });
});

describe("receipts", () => {
  test("one receipt per succeeded gift, with the IRS wording and a working manage link", async () => {
    const { id, intent, row } = await paidOneTimeGift({ coverFee: "on" });
    await deliver(fake.event("payment_intent.succeeded", intent));

    const [receipt] = await receipts();
    const { ORG_NAME, ORG_EIN } = env();
    expect(receipt).toMatchObject({ to: donor.donorEmail, dedupeKey: `receipt:${id}` });
    expect(receipt.subject).toContain(ORG_NAME);
    expect(receipt.text).toContain(NO_GOODS_OR_SERVICES);
    expect(receipt.text).toContain(`EIN ${ORG_EIN}`);
    expect(receipt.text).toContain("Amount of contribution: $51.");
    expect(receipt.text).toContain(`(a gift of $50.00 plus $${(row.feeAmount / 100).toFixed(2)}`);
    expect(receipt.text).toContain(`Payment reference: ${intent.id}`);

    // The receipt's "manage your gift" link leads to "Your giving" (tests/integration/giving.test.ts).
    expect(receipt.text).toContain("http://localhost:3000/create-account");
    const token = manageToken(donor.donorEmail);
    expect(checkManageToken(token)).toEqual({ email: donor.donorEmail });
    const link = `http://localhost:3000/donate/manage?token=${encodeURIComponent(token)}`;
    const page = await manageLoader(routeArgs(new Request(link)));
    expect(page.donor?.gifts).toEqual([
      expect.objectContaining({ id, status: "succeeded", amount: 5000 }),
    ]);
  });

  test("a failed or canceled payment sends no receipt", async () => {
    const gift = await startGift({});
    const intentId = gift.row.paymentReference!;
    await deliver(fake.event("payment_intent.payment_failed", fake.declinePayment(intentId)));
    // The donor gave up; the intent is canceled through the API, as the app would.
    const canceled = await (await stripeClient()).paymentIntents.cancel(intentId);
    await deliver(fake.event("payment_intent.canceled", { ...canceled }));
    expect(await receipts()).toHaveLength(0);
    const rows = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.donationId, gift.id));
    expect(rows).toHaveLength(2);
  });
});

describe("refunds from the dashboard (docs/decisions/256-refunds-from-the-dashboard.md)", () => {
  async function refundByStaff(id: string, fields: Record<string, string>) {
    const { cookie } = await createUserSession("finance");
    const request = postRequest(`/admin/donations/${id}`, fields, cookie);
    return toastOf((await donationDetailAction(routeArgs(request, { id }))) as Response);
  }

  async function paidAndDelivered() {
    const { id, intent } = await paidOneTimeGift();
    expect((await deliver(fake.event("payment_intent.succeeded", intent))).body.result).toBe(
      "applied",
    );
    return { id, intent };
  }

  test("asked of Stripe once, even sent twice; the gift changes when Stripe's event arrives", async () => {
    const { id, intent } = await paidAndDelivered();
    const fields = { amount: "20", reason: "requested_by_customer" };
    expect(await refundByStaff(id, fields)).toMatchObject({
      type: "success",
      title: "Refund of $20.00 sent to Stripe: it shows here once Stripe confirms it",
    });
    const [call] = fake.calls("POST", "/v1/refunds");
    expect(call.params).toEqual({
      payment_intent: intent.id,
      amount: "2000",
      reason: "requested_by_customer",
      metadata: { donation_id: id },
    });
    expect(call.idempotencyKey).toBe(`refund-${id}-0-2000`);
    // Nothing changes here until Stripe says so.
    expect(await donationRow(id)).toMatchObject({ status: "succeeded", refundedAmount: 0 });

    // A double click before the event: the same key, so Stripe refunds once.
    await refundByStaff(id, fields);
    expect(fake.calls("POST", "/v1/refunds").map((request) => request.replayed)).toEqual([
      false,
      true,
    ]);
    expect(fake.chargeOf(intent.id).amount_refunded).toBe(2000);

    await deliver(fake.event("charge.refunded", fake.chargeOf(intent.id)));
    expect(await donationRow(id)).toMatchObject({ status: "succeeded", refundedAmount: 2000 });
    await refundByStaff(id, { amount: "30", reason: "duplicate" });
    await deliver(fake.event("charge.refunded", fake.chargeOf(intent.id)));
    expect(await donationRow(id)).toMatchObject({ status: "refunded", refundedAmount: 5000 });
  });

  test("Stripe refusing the refund changes nothing, and staff are told", async () => {
    const { id } = await paidAndDelivered();
    fake.failNext({
      status: 400,
      type: "invalid_request_error",
      code: "charge_already_refunded",
      message: "Charge ch_1 has already been refunded.",
    });
    expect(await refundByStaff(id, { amount: "5", reason: "duplicate" })).toMatchObject({
      type: "error",
      title: "The refund could not be made; nothing was refunded. Try again later.",
    });
    expect(await donationRow(id)).toMatchObject({ status: "succeeded", refundedAmount: 0 });
    expect(await eventRows()).toHaveLength(1);
  });
});
