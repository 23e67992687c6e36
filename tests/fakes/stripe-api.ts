import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { resetStripeClientForTests } from "#app/features/donations/payments/stripe.server";
import { resetEnvForTests } from "#app/lib/env.server";

/**
 * A local, in-memory stand-in for the part of Stripe's API the donation flow calls, speaking the
 * real protocol (docs/decisions/090-local-stripe-api-fake.md): form-encoded bodies in bracket
 * notation, JSON objects of Stripe's shapes, `Idempotency-Key` replays, `expand[]`, list envelopes,
 * and errors as `{ error: { type, code, message } }` with Stripe's HTTP statuses. The test drives
 * what Stripe would do on its side (a donor paying, the next month's charge, a refund) and signs
 * the events Stripe would send with the SDK's own test helper.
 */

export const FAKE_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_fake_donations",
  STRIPE_PUBLISHABLE_KEY: "pk_test_fake_donations",
  STRIPE_WEBHOOK_SECRET: "whsec_fake_donations",
} as const;

type Json = Record<string, unknown>;
/** An API object as Stripe answers it: its id and type, then its fields. */
export type StripeObject = Json & { id: string; object: string };
type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormParams = { [key: string]: FormValue };

/**
 * Decodes Stripe's form encoding into nested values: `items[0][price]=x` and `expand[]=a` as
 * arrays, `metadata[donation_id]=y` as an object. The SDK sends indexed arrays; Stripe's own docs
 * use `[]`; both are accepted as Stripe accepts them.
 */
function decodeStripeForm(encoded: string): FormParams {
  const root: FormParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = [key.split("[")[0], ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node: FormParams | FormValue[] = root;
    path.forEach((segment, index) => {
      const container = node as Record<string, FormValue>;
      const slot = Array.isArray(node) && segment === "" ? String(node.length) : segment;
      if (index === path.length - 1) {
        container[slot] = value;
        return;
      }
      container[slot] ??= /^\d*$/.test(path[index + 1]) ? [] : {};
      node = container[slot] as FormParams | FormValue[];
    });
  }
  return root;
}

/** Stripe's error answer; a 5xx one is retried by the SDK (with the same Idempotency-Key). */
export interface StripeFakeError {
  status: number;
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  code?: string;
  message: string;
  param?: string;
}

class ApiError extends Error {
  constructor(readonly error: StripeFakeError) {
    super(error.message);
  }
}

function missing(kind: string, id: string): ApiError {
  return new ApiError({
    status: 404,
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: "id",
  });
}

function required(params: FormParams, name: string): string {
  const value = params[name];
  if (typeof value !== "string" || value === "") {
    throw new ApiError({
      status: 400,
      type: "invalid_request_error",
      code: "parameter_missing",
      message: `Missing required param: ${name}.`,
      param: name,
    });
  }
  return value;
}

function integerParam(params: FormParams, name: string): number {
  const text = required(params, name);
  if (!/^\d+$/.test(text)) {
    throw new ApiError({
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      message: `Invalid integer: ${text}`,
      param: name,
    });
  }
  return Number(text);
}

function chargeAmount(params: FormParams): number {
  const amount = integerParam(params, "amount");
  // Stripe's limits for a USD charge: at least 50 cents, at most eight digits.
  if (amount < 50) {
    throw new ApiError({
      status: 400,
      type: "invalid_request_error",
      code: "amount_too_small",
      message: "Amount must be at least $0.50 usd",
      param: "amount",
    });
  }
  if (amount > 99_999_999) {
    throw new ApiError({
      status: 400,
      type: "invalid_request_error",
      code: "amount_too_large",
      message: "Amount must be no more than $999,999.99",
      param: "amount",
    });
  }
  return amount;
}

function stringMap(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

function stringList(value: FormValue | undefined): string[] {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === "string");
}

const now = () => Math.floor(Date.now() / 1000);
const DECLINED = { type: "card_error", code: "card_declined", message: "Your card was declined." };
const MONTH_SECONDS = 30 * 24 * 3600;

interface IntentRecord {
  id: string;
  amount: number;
  currency: string;
  status: string;
  description: string | null;
  receiptEmail: string | null;
  metadata: Record<string, string>;
  automaticPaymentMethods: boolean;
  customer: string | null;
  invoice: string | null;
  charge: string | null;
  lastPaymentError: Json | null;
  cancellationReason: string | null;
  created: number;
}

interface SetupIntentRecord {
  id: string;
  customer: string | null;
  usage: string;
  status: string;
  paymentMethod: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface InvoiceRecord {
  id: string;
  customer: string;
  subscription: string;
  amountDue: number;
  amountPaid: number;
  status: "open" | "paid" | "void";
  billingReason: string;
  intent: string;
  periodStart: number;
  created: number;
}

interface SubscriptionRecord {
  id: string;
  customer: string;
  itemId: string;
  price: string;
  status: string;
  latestInvoice: string;
  metadata: Record<string, string>;
  paymentBehavior: string;
  prorationBehavior: string | null;
  saveDefaultPaymentMethod: string | null;
  /** The subscription's own payment method, which Stripe charges before the customer's default. */
  defaultPaymentMethod: string | null;
  pauseCollection: { behavior: string; resumes_at: number | null } | null;
  periodStart: number;
  canceledAt: number | null;
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query parameters (GET) or the decoded form body. */
  params: FormParams;
  idempotencyKey: string | null;
  /** True when the answer was the stored one for a reused Idempotency-Key. */
  replayed: boolean;
  status: number;
}

export async function startStripeFake() {
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const intents = new Map<string, IntentRecord>();
  const invoices = new Map<string, InvoiceRecord>();
  const subscriptions = new Map<string, SubscriptionRecord>();
  const setupIntents = new Map<string, SetupIntentRecord>();
  const paymentMethods = new Map<string, { id: string; customer: string | null; last4: string }>();
  const charges = new Map<string, StripeObject & { amount: number; amount_refunded: number }>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: RecordedRequest[] = [];
  const failures: StripeFakeError[] = [];
  let answersToLose = 0;

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

  function renderIntent(record: IntentRecord): StripeObject {
    return {
      id: record.id,
      object: "payment_intent",
      amount: record.amount,
      amount_received: record.status === "succeeded" ? record.amount : 0,
      automatic_payment_methods: record.automaticPaymentMethods
        ? { enabled: true, allow_redirects: "always" }
        : null,
      cancellation_reason: record.cancellationReason,
      client_secret: `${record.id}_secret_${record.id.slice(3, 15)}`,
      created: record.created,
      currency: record.currency,
      customer: record.customer,
      description: record.description,
      last_payment_error: record.lastPaymentError,
      latest_charge: record.charge,
      livemode: false,
      metadata: record.metadata,
      payment_method_types: ["card", "link", "us_bank_account"],
      receipt_email: record.receiptEmail,
      status: record.status,
    };
  }

  function renderInvoice(record: InvoiceRecord, expand: string[]): StripeObject {
    return {
      id: record.id,
      object: "invoice",
      amount_due: record.amountDue,
      amount_paid: record.amountPaid,
      amount_remaining: record.amountDue - record.amountPaid,
      billing_reason: record.billingReason,
      collection_method: "charge_automatically",
      // Includable: only present when asked for with expand[].
      ...(expand.includes("confirmation_secret")
        ? {
            confirmation_secret:
              record.status === "open"
                ? {
                    client_secret: renderIntent(intents.get(record.intent)!).client_secret,
                    type: "payment_intent",
                  }
                : null,
          }
        : {}),
      created: record.created,
      currency: "usd",
      customer: record.customer,
      last_finalization_error: null,
      livemode: false,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: {}, subscription: record.subscription },
      },
      period_start: record.periodStart,
      period_end: record.periodStart + MONTH_SECONDS,
      status: record.status,
      status_transitions: { paid_at: record.status === "paid" ? now() : null },
    };
  }

  function renderSubscription(record: SubscriptionRecord, expand: string[]): StripeObject {
    const invoiceExpand = expand
      .filter((path) => path === "latest_invoice" || path.startsWith("latest_invoice."))
      .map((path) => path.slice("latest_invoice.".length));
    const latestInvoice = invoices.get(record.latestInvoice)!;
    return {
      id: record.id,
      object: "subscription",
      canceled_at: record.canceledAt,
      collection_method: "charge_automatically",
      created: record.created,
      currency: "usd",
      customer: record.customer,
      items: {
        object: "list",
        data: [
          {
            id: record.itemId,
            object: "subscription_item",
            current_period_start: record.periodStart,
            current_period_end: record.periodStart + MONTH_SECONDS,
            price: prices.get(record.price),
            quantity: 1,
            subscription: record.id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${record.id}`,
      },
      latest_invoice:
        invoiceExpand.length > 0 ? renderInvoice(latestInvoice, invoiceExpand) : latestInvoice.id,
      livemode: false,
      metadata: record.metadata,
      payment_settings: { save_default_payment_method: record.saveDefaultPaymentMethod },
      default_payment_method: record.defaultPaymentMethod,
      pause_collection: record.pauseCollection,
      status: record.status,
    };
  }

  function renderSetupIntent(record: SetupIntentRecord): StripeObject {
    return {
      id: record.id,
      object: "setup_intent",
      automatic_payment_methods: { enabled: true, allow_redirects: "always" },
      client_secret: `${record.id}_secret_${record.id.slice(5, 17)}`,
      created: record.created,
      customer: record.customer,
      livemode: false,
      metadata: record.metadata,
      payment_method: record.paymentMethod,
      status: record.status,
      usage: record.usage,
    };
  }

  function setupIntentOrThrow(id: string) {
    const record = setupIntents.get(id);
    if (!record) throw missing("setup_intent", id);
    return record;
  }

  function checkExpand(expand: string[], allowed: string[]) {
    const refused = expand.find((path) => !allowed.includes(path));
    if (refused) {
      throw new ApiError({
        status: 400,
        type: "invalid_request_error",
        message: `This property cannot be expanded (${refused}).`,
        param: "expand",
      });
    }
  }

  function list(data: Json[], params: FormParams, url: string): Json {
    const limit = params.limit ? integerParam(params, "limit") : 10;
    return { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url };
  }

  function intentOrThrow(id: string) {
    const record = intents.get(id);
    if (!record) throw missing("payment_intent", id);
    return record;
  }

  function subscriptionOrThrow(id: string) {
    const record = subscriptions.get(id);
    if (!record) throw missing("subscription", id);
    return record;
  }

  function createIntent(fields: Partial<IntentRecord> & { amount: number }): IntentRecord {
    const record: IntentRecord = {
      id: newId("pi"),
      currency: "usd",
      status: "requires_payment_method",
      description: null,
      receiptEmail: null,
      metadata: {},
      automaticPaymentMethods: true,
      customer: null,
      invoice: null,
      charge: null,
      lastPaymentError: null,
      cancellationReason: null,
      created: now(),
      ...fields,
    };
    intents.set(record.id, record);
    return record;
  }

  /** A finalized, open invoice of a subscription, with the PaymentIntent that pays it. */
  function openInvoice(
    subscription: SubscriptionRecord,
    billingReason: string,
    periodStart: number,
  ) {
    const amount = Number(prices.get(subscription.price)!.unit_amount);
    const id = newId("in");
    const intent = createIntent({ amount, customer: subscription.customer, invoice: id });
    const record: InvoiceRecord = {
      id,
      customer: subscription.customer,
      subscription: subscription.id,
      amountDue: amount,
      amountPaid: 0,
      status: "open",
      billingReason,
      intent: intent.id,
      periodStart,
      created: now(),
    };
    invoices.set(id, record);
    subscription.latestInvoice = id;
    return record;
  }

  function mutableIntent(id: string) {
    const record = intentOrThrow(id);
    if (record.status === "succeeded" || record.status === "canceled") {
      throw new ApiError({
        status: 400,
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${record.status}, so it cannot be changed.`,
      });
    }
    return record;
  }

  type Handler = (params: FormParams, id: string) => Json;
  const routes: Array<[method: string, pattern: RegExp, handler: Handler]> = [
    [
      "GET",
      /^\/v1\/customers$/,
      (params) => {
        const email = typeof params.email === "string" ? params.email : undefined;
        const found = [...customers.values()].filter((c) => !email || c.email === email);
        return list(found.reverse(), params, "/v1/customers");
      },
    ],
    [
      "POST",
      /^\/v1\/customers$/,
      (params) => {
        const customer = {
          id: newId("cus"),
          object: "customer",
          created: now(),
          email: typeof params.email === "string" ? params.email : null,
          name: typeof params.name === "string" ? params.name : null,
          livemode: false,
          metadata: stringMap(params.metadata),
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      "GET",
      /^\/v1\/prices$/,
      (params) => {
        const keys = stringList(params.lookup_keys);
        const found = [...prices.values()].filter(
          (p) => p.active && (keys.length === 0 || keys.includes(String(p.lookup_key))),
        );
        return list(found, params, "/v1/prices");
      },
    ],
    [
      "POST",
      /^\/v1\/prices$/,
      (params) => {
        const lookupKey = typeof params.lookup_key === "string" ? params.lookup_key : null;
        const holder = [...prices.values()].find((p) => lookupKey && p.lookup_key === lookupKey);
        if (holder && params.transfer_lookup_key === "true") holder.lookup_key = null;
        else if (holder) {
          throw new ApiError({
            status: 400,
            type: "invalid_request_error",
            message: `A price (\`${lookupKey}\`) already uses that lookup key.`,
            param: "lookup_key",
          });
        }
        const productData = params.product_data;
        const product =
          typeof params.product === "string"
            ? params.product
            : productData && typeof productData === "object" && !Array.isArray(productData)
              ? newId("prod")
              : required(params, "product");
        const recurring = stringMap(params.recurring);
        const price = {
          id: newId("price"),
          object: "price",
          active: true,
          created: now(),
          currency: required(params, "currency"),
          livemode: false,
          lookup_key: lookupKey,
          product,
          recurring: recurring.interval
            ? { interval: recurring.interval, interval_count: 1, usage_type: "licensed" }
            : null,
          type: recurring.interval ? "recurring" : "one_time",
          unit_amount: integerParam(params, "unit_amount"),
        };
        prices.set(price.id, price);
        return price;
      },
    ],
    [
      "POST",
      /^\/v1\/subscriptions$/,
      (params) => {
        const expand = stringList(params.expand);
        checkExpand(expand, ["latest_invoice", "latest_invoice.confirmation_secret"]);
        const customer = required(params, "customer");
        if (!customers.has(customer)) throw missing("customer", customer);
        const items = Array.isArray(params.items) ? params.items : [];
        const price = stringMap(items[0]).price ?? required({}, "items[0][price]");
        if (!prices.has(price)) throw missing("price", price);
        const paymentSettings = stringMap(params.payment_settings);
        const record: SubscriptionRecord = {
          id: newId("sub"),
          customer,
          itemId: newId("si"),
          price,
          status: "incomplete",
          latestInvoice: "",
          metadata: stringMap(params.metadata),
          paymentBehavior:
            typeof params.payment_behavior === "string"
              ? params.payment_behavior
              : "allow_incomplete",
          prorationBehavior: null,
          saveDefaultPaymentMethod: paymentSettings.save_default_payment_method ?? null,
          defaultPaymentMethod: null,
          pauseCollection: null,
          periodStart: now(),
          canceledAt: null,
          created: now(),
        };
        subscriptions.set(record.id, record);
        openInvoice(record, "subscription_create", record.periodStart);
        return renderSubscription(record, expand);
      },
    ],
    [
      "GET",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (params, id) => renderSubscription(subscriptionOrThrow(id), stringList(params.expand)),
    ],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (params, id) => {
        const record = subscriptionOrThrow(id);
        if (record.status === "canceled") {
          throw new ApiError({
            status: 400,
            type: "invalid_request_error",
            message: "A canceled subscription can only update its cancellation_details.",
          });
        }
        const items = Array.isArray(params.items) ? params.items : [];
        for (const item of items.map(stringMap)) {
          if (item.id !== record.itemId) throw missing("subscription_item", item.id ?? "");
          if (!item.price || !prices.has(item.price)) throw missing("price", item.price ?? "");
          record.price = item.price;
        }
        if (typeof params.proration_behavior === "string") {
          record.prorationBehavior = params.proration_behavior;
        }
        if (typeof params.default_payment_method === "string") {
          const method = params.default_payment_method;
          if (!paymentMethods.has(method)) throw missing("payment_method", method);
          if (paymentMethods.get(method)!.customer !== record.customer) {
            throw new ApiError({
              status: 400,
              type: "invalid_request_error",
              message: `The payment method \`${method}\` must be attached to the customer.`,
              param: "default_payment_method",
            });
          }
          record.defaultPaymentMethod = method;
        }
        // An empty value unsets the pause, as Stripe's form encoding says "null".
        if (params.pause_collection === "") record.pauseCollection = null;
        else if (params.pause_collection !== undefined) {
          const pause = stringMap(params.pause_collection);
          const behavior = required(pause, "behavior");
          if (!["keep_as_draft", "mark_uncollectible", "void"].includes(behavior)) {
            throw new ApiError({
              status: 400,
              type: "invalid_request_error",
              message: `Invalid pause_collection[behavior]: ${behavior}`,
              param: "pause_collection[behavior]",
            });
          }
          record.pauseCollection = {
            behavior,
            resumes_at: pause.resumes_at ? integerParam(pause, "resumes_at") : null,
          };
        }
        return renderSubscription(record, stringList(params.expand));
      },
    ],
    [
      "DELETE",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (params, id) => {
        const record = subscriptionOrThrow(id);
        if (record.status === "canceled") throw missing("subscription", id);
        record.status = "canceled";
        record.canceledAt = now();
        return renderSubscription(record, stringList(params.expand));
      },
    ],
    [
      "POST",
      /^\/v1\/setup_intents$/,
      (params) => {
        const customer = typeof params.customer === "string" ? params.customer : null;
        if (customer && !customers.has(customer)) throw missing("customer", customer);
        const record: SetupIntentRecord = {
          id: newId("seti"),
          customer,
          usage: typeof params.usage === "string" ? params.usage : "off_session",
          status: "requires_payment_method",
          paymentMethod: null,
          metadata: stringMap(params.metadata),
          created: now(),
        };
        setupIntents.set(record.id, record);
        return renderSetupIntent(record);
      },
    ],
    [
      "GET",
      /^\/v1\/setup_intents\/([^/]+)$/,
      (_params, id) => renderSetupIntent(setupIntentOrThrow(id)),
    ],
    [
      "GET",
      /^\/v1\/invoices\/([^/]+)$/,
      (params, id) => {
        const record = invoices.get(id);
        if (!record) throw missing("invoice", id);
        const expand = stringList(params.expand);
        checkExpand(expand, ["confirmation_secret"]);
        return renderInvoice(record, expand);
      },
    ],
    [
      "POST",
      /^\/v1\/payment_intents$/,
      (params) => {
        const automatic = stringMap(params.automatic_payment_methods);
        return renderIntent(
          createIntent({
            amount: chargeAmount(params),
            currency: required(params, "currency"),
            description: typeof params.description === "string" ? params.description : null,
            receiptEmail: typeof params.receipt_email === "string" ? params.receipt_email : null,
            metadata: stringMap(params.metadata),
            automaticPaymentMethods: automatic.enabled === "true",
          }),
        );
      },
    ],
    [
      "POST",
      /^\/v1\/refunds$/,
      (params) => {
        const intentId = required(params, "payment_intent");
        const { charge, amount } = refundCharge(
          intentId,
          params.amount === undefined ? undefined : integerParam(params, "amount"),
        );
        return {
          id: newId("re"),
          object: "refund",
          amount,
          charge: charge.id,
          created: now(),
          currency: charge.currency,
          metadata: stringMap(params.metadata),
          payment_intent: intentId,
          reason: typeof params.reason === "string" ? params.reason : null,
          status: "succeeded",
        };
      },
    ],
    ["GET", /^\/v1\/payment_intents\/([^/]+)$/, (_params, id) => renderIntent(intentOrThrow(id))],
    [
      "POST",
      /^\/v1\/payment_intents\/([^/]+)$/,
      (params, id) => {
        const record = mutableIntent(id);
        if (params.amount !== undefined) record.amount = chargeAmount(params);
        if (params.metadata)
          record.metadata = { ...record.metadata, ...stringMap(params.metadata) };
        return renderIntent(record);
      },
    ],
    [
      "POST",
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      (params, id) => {
        const record = mutableIntent(id);
        record.status = "canceled";
        record.cancellationReason =
          typeof params.cancellation_reason === "string" ? params.cancellation_reason : null;
        return renderIntent(record);
      },
    ],
  ];

  /**
   * Gives back `cents` of the charge that paid the intent (what is left of it when not given), with
   * Stripe's errors for an intent that was never paid and for more than is left.
   */
  function refundCharge(intentId: string, cents?: number) {
    const charge = charges.get(intentOrThrow(intentId).charge ?? "");
    if (!charge) {
      throw new ApiError({
        status: 400,
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw new ApiError({
        status: 400,
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = cents ?? left;
    if (amount > left) {
      throw new ApiError({
        status: 400,
        type: "invalid_request_error",
        code: "amount_too_large",
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        param: "amount",
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { charge, amount };
  }

  function route(method: string, path: string, params: FormParams): Json {
    for (const [routeMethod, pattern, handler] of routes) {
      const match = method === routeMethod ? pattern.exec(path) : null;
      if (match) return handler(params, decodeURIComponent(match[1] ?? ""));
    }
    throw new ApiError({
      status: 404,
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function answer(response: http.ServerResponse, status: number, body: string, replayed = false) {
    response.writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": newId("req"),
      ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
    });
    response.end(body);
  }

  function errorBody(error: StripeFakeError) {
    const { status: _status, ...fields } = error;
    return JSON.stringify({ error: fields });
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://stripe.local");
    const method = request.method ?? "GET";
    const params = decodeStripeForm(
      method === "GET" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8"),
    );
    const idempotencyKey =
      method === "GET"
        ? null
        : ((request.headers["idempotency-key"] as string | undefined) ?? null);
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      replayed: false,
      status: 200,
    };
    requests.push(recorded);
    const send = (status: number, body: string) => {
      recorded.status = status;
      answer(response, status, body, recorded.replayed);
    };

    if (request.headers.authorization !== `Bearer ${FAKE_KEYS.STRIPE_SECRET_KEY}`) {
      send(
        401,
        errorBody({
          status: 401,
          type: "invalid_request_error",
          message: "Invalid API Key provided.",
        }),
      );
      return;
    }
    const failure = failures.shift();
    // A failure made to order: nothing was executed, so nothing is stored for its key either.
    if (failure) return send(failure.status, errorBody(failure));

    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    const stored = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return send(
          400,
          errorBody({
            status: 400,
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      }
      recorded.replayed = true;
      return send(stored.status, stored.body);
    }

    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.error.status;
      body = errorBody(error.error);
    }
    if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status, body });
    if (answersToLose > 0) {
      // Done on Stripe's side, but the answer never arrives: the connection drops.
      answersToLose -= 1;
      recorded.status = 0;
      response.socket?.destroy();
      return;
    }
    send(status, body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Marks the intent (and the invoice it pays, and that invoice's subscription) as paid. */
  function payIntent(record: IntentRecord) {
    record.status = "succeeded";
    record.lastPaymentError = null;
    const charge = {
      id: newId("ch"),
      object: "charge",
      amount: record.amount,
      amount_captured: record.amount,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: record.currency,
      livemode: false,
      paid: true,
      payment_intent: record.id,
      refunded: false,
      status: "succeeded",
    };
    charges.set(charge.id, charge);
    record.charge = charge.id;
    const invoice = record.invoice ? invoices.get(record.invoice) : undefined;
    if (invoice) {
      invoice.status = "paid";
      invoice.amountPaid = invoice.amountDue;
      subscriptions.get(invoice.subscription)!.status = "active";
    }
  }

  return {
    url,
    /** Every request the fake received, oldest first. */
    requests,
    /** The requests to one endpoint, e.g. `calls("POST", "/v1/payment_intents")`. */
    calls(method: string, path: string | RegExp) {
      return requests.filter(
        (r) =>
          r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      );
    },
    /** The next request (whatever it is) gets this error, `times` times in a row. */
    failNext(error: StripeFakeError, times = 1) {
      for (let i = 0; i < times; i++) failures.push(error);
    },
    /** The next request is carried out, but its answer is lost (status 0 in `requests`). */
    loseNextAnswer() {
      answersToLose += 1;
    },

    /** Forgets every object, request and pending failure: a fresh Stripe account per test. */
    reset() {
      for (const store of [
        customers,
        prices,
        intents,
        invoices,
        subscriptions,
        setupIntents,
        paymentMethods,
        charges,
        idempotent,
      ]) {
        store.clear();
      }
      requests.splice(0);
      failures.splice(0);
      answersToLose = 0;
    },

    /** Points the app at this fake, with test keys (Stripe mode). */
    configure() {
      Object.assign(process.env, FAKE_KEYS, { STRIPE_API_URL: url });
      resetEnvForTests();
      resetStripeClientForTests();
    },

    intent(id: string) {
      return renderIntent(intentOrThrow(id));
    },
    invoice(id: string) {
      const record = invoices.get(id);
      if (!record) throw missing("invoice", id);
      return renderInvoice(record, []);
    },
    subscription(id: string) {
      return renderSubscription(subscriptionOrThrow(id), []);
    },
    /** The PaymentIntent that pays an invoice. */
    invoiceIntentId(invoiceId: string) {
      return invoices.get(invoiceId)!.intent;
    },
    intents: () => [...intents.values()].map(renderIntent),
    customers: () => [...customers.values()],
    prices: () => [...prices.values()],

    /** The donor confirmed the Payment Element and the card was charged. */
    confirmPayment(intentId: string) {
      payIntent(intentOrThrow(intentId));
      return renderIntent(intentOrThrow(intentId));
    },
    /**
     * The donor confirmed a SetupIntent in the Payment Element: a new card, attached to the
     * intent's customer. Returns the payment method's id.
     */
    confirmSetupIntent(setupIntentId: string, last4 = "4242") {
      const record = setupIntentOrThrow(setupIntentId);
      const method = { id: newId("pm"), customer: record.customer, last4 };
      paymentMethods.set(method.id, method);
      record.status = "succeeded";
      record.paymentMethod = method.id;
      return method.id;
    },
    setupIntents: () => [...setupIntents.values()].map(renderSetupIntent),

    /** The donor's card was declined. */
    declinePayment(intentId: string) {
      const record = intentOrThrow(intentId);
      record.status = "requires_payment_method";
      record.lastPaymentError = DECLINED;
      return renderIntent(record);
    },
    /** A bank debit (ACH) was started and settles days later. */
    startBankPayment(intentId: string) {
      const record = intentOrThrow(intentId);
      record.status = "processing";
      return renderIntent(record);
    },
    /**
     * The next month: the subscription is billed and charged automatically (or the saved card is
     * declined, leaving the invoice open and the subscription past due). Returns the invoice.
     */
    renewSubscription(subscriptionId: string, { declined = false } = {}) {
      const record = subscriptionOrThrow(subscriptionId);
      record.periodStart += MONTH_SECONDS;
      const invoice = openInvoice(record, "subscription_cycle", record.periodStart);
      const intent = intents.get(invoice.intent)!;
      if (declined) {
        intent.lastPaymentError = DECLINED;
        record.status = "past_due";
      } else {
        payIntent(intent);
      }
      return renderInvoice(invoice, []);
    },
    /** The invoice payment of a paid invoice: the link from the invoice to its PaymentIntent. */
    invoicePayment(invoiceId: string): StripeObject {
      const invoice = invoices.get(invoiceId);
      if (invoice?.status !== "paid") throw missing("invoice_payment", invoiceId);
      return {
        id: `inpay_${invoiceId.slice(3)}`,
        object: "invoice_payment",
        amount_paid: invoice.amountPaid,
        amount_requested: invoice.amountDue,
        created: invoice.created,
        currency: "usd",
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: invoice.intent },
        status: "paid",
        status_transitions: { canceled_at: null, paid_at: now() },
      };
    },
    /** Staff refunded `cents` in Stripe's dashboard. Returns the charge. */
    refund(intentId: string, cents: number) {
      return { ...refundCharge(intentId, cents).charge };
    },
    /** The charge that paid this intent, as Stripe holds it now. */
    chargeOf(intentId: string) {
      const charge = charges.get(intentOrThrow(intentId).charge ?? "");
      if (!charge) throw new Error(`No charge for ${intentId}`);
      return { ...charge };
    },

    /** An event as Stripe sends it to the webhook. */
    event(type: string, object: StripeObject, created = now()) {
      return {
        id: newId("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/**
 * The webhook delivery Stripe would make: the event's JSON signed with the endpoint secret by the
 * SDK's own test helper (the same scheme Stripe uses), at `timestamp` (seconds) when given.
 */
export function webhookRequest(
  event: unknown,
  {
    secret = FAKE_KEYS.STRIPE_WEBHOOK_SECRET,
    timestamp,
  }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}
