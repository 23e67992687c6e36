import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { donations, monthlyGifts } from "#app/db/schema/donations";
import {
  isStripeConfigured,
  paymentProvider,
} from "#app/features/donations/payments/provider.server";
import { confirmTestPayment } from "#app/features/donations/payments/test-mode.server";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localeFromRequest, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { donationIdFromToken, paymentPageUrl } from "./donations.server";

type Donation = typeof donations.$inferSelect;

/** What the payment and success pages show of a gift: never the donor's e-mail or card. */
function giftSummary(row: Donation) {
  return {
    id: row.id,
    amount: row.amount,
    feeAmount: row.feeAmount,
    total: row.amount + row.feeAmount,
    isMonthly: row.isMonthly,
    status: row.status,
    failureMessage: row.failureMessage,
  };
}
export type GiftSummary = ReturnType<typeof giftSummary>;

async function donationById(id: string | null): Promise<Donation | undefined> {
  if (!id || !z.uuid().safeParse(id).success) return undefined;
  const [row] = await db().select().from(donations).where(eq(donations.id, id));
  return row;
}

function successUrl(donationId: string, locale: Locale) {
  return localizePath(`/donation-success?ref=${donationId}`, locale);
}

/** A donation the donor can still pay: not yet paid, not in flight, not abandoned. */
function isPayable(row: Donation) {
  return row.status === "pending" || row.status === "failed";
}

/**
 * The payment page's data: the gift, and what its card form needs (Stripe's client secret and
 * publishable key, or the test mode's form). A paid or settling gift goes to its success page.
 */
export async function loadPaymentPage(request: Request, donationId: string) {
  const locale = localeFromRequest(request);
  const token = new URL(request.url).searchParams.get("token");
  const row = await donationById(donationId);
  if (!row || donationIdFromToken(token) !== row.id) {
    throw data({ message: serverT(locale)("payment.invalidLink") }, { status: 404 });
  }
  if (!isPayable(row)) throw redirect(successUrl(row.id, locale));
  const stripe = isStripeConfigured();
  const clientSecret =
    stripe && row.paymentReference
      ? await paymentProvider().clientSecret({
          paymentReference: row.paymentReference,
          isMonthly: row.isMonthly,
        })
      : null;
  return {
    gift: giftSummary(row),
    donorName: row.isAnonymous ? null : row.donorName,
    token: token as string,
    mode: stripe ? ("stripe" as const) : ("test" as const),
    stripe: stripe ? { publishableKey: env().STRIPE_PUBLISHABLE_KEY!, clientSecret } : null,
    returnUrl: `${env().PUBLIC_URL}${successUrl(row.id, locale)}`,
  };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The test mode's card form, checked like a real card form would be, in the page's language. */
export const testCardSchema = (t: TFunction) =>
  z.object({
    cardNumber: z
      .string({ error: t("payment.errors.cardNumber") })
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(
        z
          .string()
          .regex(/^\d{13,19}$/, t("payment.errors.cardDigits"))
          .refine(luhnValid, t("payment.errors.cardInvalid")),
      ),
    expiry: z
      .string({ error: t("payment.errors.expiry") })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, t("payment.errors.expiryFormat"))
      .refine((value) => {
        const [month, year] = value.split("/").map((part) => Number(part.trim()));
        const now = clock.now();
        return (
          2000 + year > now.getFullYear() ||
          (2000 + year === now.getFullYear() && month >= now.getMonth() + 1)
        );
      }, t("payment.errors.expired")),
    cvc: z
      .string({ error: t("payment.errors.cvc") })
      .trim()
      .regex(/^\d{3,4}$/, t("payment.errors.cvcFormat")),
    token: z.string().max(300),
  });

/**
 * Pays a test-mode donation with a test card: the same status change the webhook makes, then the
 * success page; a declined card comes back to the payment page with the 'Payment failed' toast.
 */
export async function payWithTestCard(request: Request, donationId: string) {
  assertFormPost(request);
  if (isStripeConfigured()) throw data({ message: "Not found" }, { status: 404 });
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: testCardSchema(t) });
  const row = await donationById(donationId);
  const token = formData.get("token");
  if (!row || donationIdFromToken(typeof token === "string" ? token : null) !== row.id) {
    throw data({ message: t("payment.invalidLink") }, { status: 404 });
  }
  if (!isPayable(row)) return redirect(successUrl(row.id, locale));
  const wait = await consumeRateLimit("donate:confirm", `${clientKey(request)}:${row.id}`, {
    points: 10,
    durationSeconds: 3600,
  });
  if (wait !== null) {
    return data(submission.reply({ formErrors: [t("payment.tooMany")] }), {
      status: 429,
      headers: { "Retry-After": String(wait) },
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const [gift] = row.monthlyGiftId
    ? await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, row.monthlyGiftId))
    : [];
  const result = await confirmTestPayment(
    {
      isMonthly: row.isMonthly,
      paymentReference: row.paymentReference!,
      paymentIntentId: row.paymentIntentId,
      subscriptionReference: gift?.subscriptionReference ?? null,
      chargeCents: row.amount + row.feeAmount,
    },
    submission.value.cardNumber,
  );
  if (result.paid) return redirect(successUrl(row.id, locale));
  return redirectWithToast(localizePath(paymentPageUrl(row.id), locale), {
    type: "error",
    title: t("payment.failed"),
    description: result.message,
  });
}

/**
 * The success page's gift (docs/decisions/070-donation-payment-flow.md), found by our reference
 * or by the PaymentIntent id Stripe adds to the return URL; null for anything unknown, which gets
 * a friendly page rather than an error.
 */
export async function findGiftForSuccessPage(url: URL): Promise<GiftSummary | null> {
  const ref = url.searchParams.get("ref");
  const intent = url.searchParams.get("payment_intent");
  let row = await donationById(ref);
  if (!row && intent && /^pi_[A-Za-z0-9_]{1,200}$/.test(intent)) {
    [row] = await db().select().from(donations).where(eq(donations.paymentIntentId, intent));
  }
  return row ? giftSummary(row) : null;
}
