import { serverT } from "#app/i18n/catalogs.server";
import { isLocale, type Locale, localeTags } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import { formatCents } from "#app/lib/money";
import type { OutboxMail } from "#app/lib/outbox.server";
import { givingUrl } from "./manage-link.server";

/** Dates on receipts: the organisation's own day (Houston), written the donor's way. */
function receiptDate(locale: Locale, date: Date) {
  return new Intl.DateTimeFormat(localeTags[locale], {
    dateStyle: "long",
    timeZone: HOUSTON_TIME_ZONE,
  }).format(date);
}

function receiptMonth(locale: Locale, date: Date) {
  return new Intl.DateTimeFormat(localeTags[locale], {
    month: "long",
    year: "numeric",
    timeZone: HOUSTON_TIME_ZONE,
  }).format(date);
}

/** The IRS written-acknowledgment sentence (no quid pro quo), on every receipt and statement. */
export const NO_GOODS_OR_SERVICES = serverT("en")("receipt.noGoods");

/** A stored language code as a locale; anything unknown reads in the default language. */
export function donorLocale(language: string | null | undefined): Locale {
  return isLocale(language) ? language : "en";
}

export interface ReceiptGift {
  id: string;
  donorName: string | null;
  donorEmail: string;
  amount: number;
  feeAmount: number;
  currency: string;
  isMonthly: boolean;
  succeededAt: Date;
  paymentReference: string | null;
  /**
   * The language the donor gave in: the receipt is written in it
   * (docs/decisions/115-e-mails-in-the-subscribers-language.md).
   */
  language: string;
  /** The fundraiser page the gift was given on, named on the receipt. */
  fundraiserTitle?: string | null;
  /** The gift's dedication in the receipt's words (app/features/tributes/gifts.server.ts). */
  dedicationLine?: string | null;
}

function organisationLines(t: TFunction): string[] {
  const { ORG_NAME, ORG_EIN, ORG_ADDRESS } = env();
  return [`${ORG_NAME}`, ORG_ADDRESS, t("receipt.taxExempt", { ein: ORG_EIN })];
}

/**
 * The receipt for one succeeded charge, meeting the IRS written-acknowledgment rules:
 * organisation name and EIN, the amount and date of the contribution, and the statement that no
 * goods or services were provided. Each month of a monthly gift has its own. Written in the
 * donor's language.
 */
export function receiptMail(gift: ReceiptGift): OutboxMail {
  const { ORG_NAME } = env();
  const locale = donorLocale(gift.language);
  const t = serverT(locale);
  const money = (cents: number) => formatCents(cents, gift.currency, locale);
  const total = gift.amount + gift.feeAmount;
  const lines = [
    t("receipt.greeting", { name: gift.donorName?.trim() || t("receipt.friend") }),
    "",
    gift.isMonthly
      ? t("receipt.thanksMonthly", { month: receiptMonth(locale, gift.succeededAt), org: ORG_NAME })
      : t("receipt.thanksOnce", { org: ORG_NAME }),
    "",
    t("receipt.official"),
    t("receipt.date", { date: receiptDate(locale, gift.succeededAt) }),
    t("receipt.amount", { amount: money(total) }),
    ...(gift.feeAmount > 0
      ? [t("receipt.feeNote", { gift: money(gift.amount), fee: money(gift.feeAmount) })]
      : []),
    t("receipt.type", {
      type: t(gift.isMonthly ? "donation.frequency.monthly" : "donation.frequency.once"),
    }),
    ...(gift.fundraiserTitle ? [t("receipt.fundraiser", { title: gift.fundraiserTitle })] : []),
    ...(gift.dedicationLine ? [gift.dedicationLine] : []),
    t("receipt.number", { id: gift.id }),
    ...(gift.paymentReference
      ? [t("receipt.reference", { reference: gift.paymentReference })]
      : []),
    "",
    t("receipt.noGoods"),
    "",
    ...organisationLines(t),
    "",
    t("receipt.manage"),
    givingUrl(locale),
  ];
  return {
    dedupeKey: `receipt:${gift.id}`,
    kind: "receipt",
    to: gift.donorEmail,
    subject: t("receipt.subject", { org: ORG_NAME }),
    text: lines.join("\n"),
  };
}

export interface StatementGift {
  id: string;
  amount: number;
  feeAmount: number;
  refundedAmount: number;
  currency: string;
  isMonthly: boolean;
  succeededAt: Date;
}

/** Cents given by one charge after refunds: the gift and the fee the donor covered. */
export function contributedCents(
  gift: Pick<StatementGift, "amount" | "feeAmount" | "refundedAmount">,
) {
  return Math.max(gift.amount + gift.feeAmount - gift.refundedAmount, 0);
}

/**
 * A year-end statement: every succeeded gift of one donor in one calendar year, with the total,
 * in the language of the page it was asked for on.
 */
export function statementText(
  email: string,
  year: number,
  gifts: StatementGift[],
  locale: Locale = "en",
): string {
  const t = serverT(locale);
  const total = gifts.reduce((sum, gift) => sum + contributedCents(gift), 0);
  return [
    t("receipt.statement.title", { year }),
    ...organisationLines(t),
    "",
    t("receipt.statement.donor", { email }),
    "",
    ...(gifts.length === 0
      ? [t("receipt.statement.none", { year })]
      : gifts.map((gift) =>
          t("receipt.statement.line", {
            date: receiptDate(locale, gift.succeededAt),
            type: t(gift.isMonthly ? "receipt.statement.monthly" : "receipt.statement.once"),
            amount: formatCents(contributedCents(gift), gift.currency, locale),
            id: gift.id,
          }),
        )),
    "",
    t("receipt.statement.total", { year, total: formatCents(total, "usd", locale) }),
    "",
    t("receipt.noGoods"),
    "",
  ].join("\n");
}
