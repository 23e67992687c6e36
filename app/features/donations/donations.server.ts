import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "#app/db/client.server";
import { donations, monthlyGifts } from "#app/db/schema/donations";
import {
  type CreatedPayment,
  type PaymentProvider,
  paymentProvider,
} from "#app/features/donations/payments/provider.server";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localeFromRequest, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { altchaPayload, verifyAltcha } from "#app/lib/altcha.server";
import { now } from "#app/lib/clock.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { logger } from "#app/lib/logger.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";
import { giftAddOns } from "./add-ons.server";
import { coveredFeeCents } from "./fees";
import { fundraiserGiftChoice } from "./fundraiser-gift.server";
import { COULD_NOT_INITIALIZE } from "./rules";
import { donationAmount, donationSchema } from "./schemas.server";

const PAYMENT_PURPOSE = "donation-payment";

/** Proves the bearer started this donation: it opens its payment page and lets it be changed. */
export function paymentToken(donationId: string): string {
  return signToken(PAYMENT_PURPOSE, donationId);
}

export function paymentPageUrl(donationId: string): string {
  return `/donate/pay/${donationId}?token=${encodeURIComponent(paymentToken(donationId))}`;
}

/** The donation a payment token names, or null for a forged or malformed one. */
export function donationIdFromToken(token: string | null | undefined): string | null {
  return token ? verifyToken(PAYMENT_PURPOSE, token) : null;
}

/**
 * Card-testing defence (besides the proof of work): payment creation is limited per connection and
 * per donor e-mail. Without JavaScript there is no proof of work, so those attempts get a far
 * smaller allowance.
 */
const LIMITS = {
  perClient: { points: 10, durationSeconds: 3600 },
  perClientWithoutProof: { points: 3, durationSeconds: 3600 },
  perEmail: { points: 5, durationSeconds: 3600 },
};

type Donation = typeof donations.$inferSelect;

function tooMany(
  submission: { reply(options: { formErrors: string[] }): unknown },
  wait: number,
  t: TFunction,
) {
  return data(
    submission.reply({
      formErrors: [t("donation.tooManyAttempts", { minutes: Math.ceil(wait / 60) })],
    }),
    { status: 429, headers: { "Retry-After": String(wait) } },
  );
}

/**
 * The donation panel's action (both configurations): validates, checks the limits and the proof of
 * work, creates the payment with the provider and writes the donation as pending, then continues
 * on the payment page. A donor who went back and changed only the amount or the type updates their
 * pending donation instead of starting another one.
 */
export async function startDonation(request: Request) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: donationSchema(t, locale) });

  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    // A bot: no payment, no row, and nothing that tells it so.
    return redirect(localizePath("/donate", locale));
  }

  // A gift in honour or in memory (docs/decisions/232-tribute-gifts.md): its card can be
  // previewed without paying, and a refused dedication refuses the gift before any payment.
  const { dedications, pages } = giftAddOns();
  const edit = formData.get("edit");
  const tribute = await dedications.check(
    formData,
    locale,
    donationIdFromToken(typeof edit === "string" ? edit : null),
  );
  if (formData.get("intent") === dedications.previewIntent) {
    const cents = submission.status === "success" ? donationAmount(submission.value) * 100 : null;
    return tribute.previewAnswer(submission.reply(), formData, cents);
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!tribute.ok) {
    return data(submission.reply({ fieldErrors: tribute.fieldErrors }), { status: 400 });
  }
  const value = submission.value;

  // Only a form that would create a payment counts: a refused amount costs the donor nothing.
  const proof = altchaPayload(formData);
  const hasProof = proof !== null;
  const wait = await consumeRateLimit(
    hasProof ? "donate:client" : "donate:client-no-proof",
    clientKey(request),
    hasProof ? LIMITS.perClient : LIMITS.perClientWithoutProof,
  );
  if (wait !== null) return tooMany(submission, wait, t);

  if (hasProof && !(await verifyAltcha(proof))) {
    return data(
      submission.reply({
        formErrors: [t("forms.checkFailed")],
      }),
      { status: 400 },
    );
  }
  const emailWait = await consumeRateLimit("donate:email", value.donorEmail, LIMITS.perEmail);
  if (emailWait !== null) return tooMany(submission, emailWait, t);

  // A gift on a page that takes none (closed, paused, unknown) goes to the general fund, and the
  // donor is told so on the payment page (docs/decisions/221-fundraisers.md).
  const fundraiser = value.fundraiser ? await pages.forGift(value.fundraiser) : null;
  const giftCents = donationAmount(value) * 100;
  const feeCents = value.coverFee ? coveredFeeCents(giftCents) : 0;
  const gift = {
    donorName: value.donorName,
    donorEmail: value.donorEmail,
    isAnonymous: value.anonymous,
    newsletterOptIn: value.newsletter,
    isMonthly: value.frequency === "monthly",
    amount: giftCents,
    feeAmount: feeCents,
    fundraiserId: fundraiser?.id ?? null,
    ...fundraiserGiftChoice(value, fundraiser !== null),
    // The donor's language: their receipts and e-mails use it
    // (docs/decisions/114-stored-language.md).
    language: locale,
  };

  const provider = paymentProvider();
  try {
    const previous = await pendingDonation(value.edit);
    const donationId = previous
      ? await changePendingDonation(provider, previous, gift)
      : await createDonation(provider, gift);
    await tribute.save(donationId);
    const paymentPage = localizePath(paymentPageUrl(donationId), locale);
    if (value.fundraiser && !fundraiser) {
      return redirectWithToast(paymentPage, {
        type: "error",
        title: t("donation.fundraiserClosed.title"),
        description: t("donation.fundraiserClosed.description"),
      });
    }
    return redirect(paymentPage);
  } catch (error) {
    logger.error({ err: error }, "payment could not be created");
    return data(submission.reply({ formErrors: [t(COULD_NOT_INITIALIZE)] }), { status: 502 });
  }
}

async function pendingDonation(editToken: string | undefined): Promise<Donation | undefined> {
  const id = donationIdFromToken(editToken);
  if (!id) return undefined;
  const [row] = await db().select().from(donations).where(eq(donations.id, id));
  return row && (row.status === "pending" || row.status === "failed") ? row : undefined;
}

interface GiftChoice {
  donorName: string;
  donorEmail: string;
  isAnonymous: boolean;
  newsletterOptIn: boolean;
  isMonthly: boolean;
  amount: number;
  feeAmount: number;
  /** The fundraiser page the gift is attributed to, or null for the general fund. */
  fundraiserId: string | null;
  /** On a fundraiser page: the honour roll shows the amount; a message to the page's owner. */
  showAmount: boolean;
  giftMessage: string | null;
  language: Locale;
}

async function createDonation(provider: PaymentProvider, gift: GiftChoice): Promise<string> {
  const donationId = randomUUID();
  const request = {
    chargeCents: gift.amount + gift.feeAmount,
    email: gift.donorEmail,
    name: gift.donorName,
    donationId,
  };
  const payment = gift.isMonthly
    ? await provider.createMonthly(request)
    : await provider.createOneTime(request);
  try {
    await recordPendingDonation(donationId, gift, payment);
  } catch (error) {
    // Not recorded means never payable: abandon the payment rather than leave it unaccounted.
    await provider
      .cancelUnconfirmed({
        paymentReference: payment.paymentReference,
        subscriptionReference: payment.subscriptionReference ?? null,
      })
      .catch(() => undefined);
    throw error;
  }
  return donationId;
}

async function recordPendingDonation(
  donationId: string,
  gift: GiftChoice,
  payment: CreatedPayment,
) {
  await db().transaction(async (tx) => {
    let monthlyGiftId: string | undefined;
    if (payment.subscriptionReference) {
      [{ id: monthlyGiftId }] = await tx
        .insert(monthlyGifts)
        .values({
          subscriptionReference: payment.subscriptionReference,
          customerReference: payment.customerReference,
          donorName: gift.donorName,
          donorEmail: gift.donorEmail,
          isAnonymous: gift.isAnonymous,
          amount: gift.amount,
          feeAmount: gift.feeAmount,
          fundraiserId: gift.fundraiserId,
          showAmount: gift.showAmount,
          language: gift.language,
        })
        .returning({ id: monthlyGifts.id });
    }
    await tx.insert(donations).values({
      id: donationId,
      ...gift,
      currency: "usd",
      status: "pending",
      paymentReference: payment.paymentReference,
      paymentIntentId: payment.paymentIntentId,
      monthlyGiftId,
    });
  });
}

/**
 * The donor came back and changed their choice before paying. A one-time gift whose amount changed
 * keeps its payment with the new amount; a change of type (or of a monthly amount, whose price is
 * fixed) abandons the unpaid payment and starts a new one.
 */
async function changePendingDonation(
  provider: PaymentProvider,
  previous: Donation,
  gift: GiftChoice,
): Promise<string> {
  if (!previous.isMonthly && !gift.isMonthly && previous.paymentReference) {
    await provider.updateOneTimeAmount(previous.paymentReference, gift.amount + gift.feeAmount);
    await db()
      .update(donations)
      .set({ ...gift, updatedAt: now() })
      .where(eq(donations.id, previous.id));
    return previous.id;
  }
  const sameMonthly =
    previous.isMonthly &&
    gift.isMonthly &&
    previous.amount === gift.amount &&
    previous.feeAmount === gift.feeAmount;
  if (sameMonthly) return previous.id;

  const [monthly] = previous.monthlyGiftId
    ? await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, previous.monthlyGiftId))
    : [];
  if (previous.paymentReference) {
    await provider.cancelUnconfirmed({
      paymentReference: previous.paymentIntentId ?? previous.paymentReference,
      subscriptionReference: monthly?.subscriptionReference ?? null,
    });
  }
  return createDonation(provider, gift);
}
