import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { contributedCents, type StatementGift } from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localeTags } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import { formatCents } from "#app/lib/money";

/**
 * Receipts and year-end statements as PDF (docs/decisions/286-pdf-receipts-and-statements.md):
 * pdfkit with Noto Sans embedded, whose glyphs cover Latin Extended ("Nguyễn" prints, where the
 * standard PDF fonts lack the letters). Every name and dedication is drawn as text: nothing here
 * reads markup.
 */

const fontFile = (weight: string) =>
  createRequire(import.meta.url).resolve(
    `@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`,
  );
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(fontFile("400Regular")),
    bold: readFileSync(fontFile("700Bold")),
  };
  return fonts;
}

/** A date on Houston's calendar, written the reader's way ("December 31, 2025"). */
export function houstonLongDate(locale: Locale, date: Date) {
  return new Intl.DateTimeFormat(localeTags[locale], {
    dateStyle: "long",
    timeZone: HOUSTON_TIME_ZONE,
  }).format(date);
}

/** Draws a document and returns its bytes. */
async function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 60,
    // Noto Sans from the start: the standard Helvetica is never loaded.
    font: regular as unknown as string,
    info: { Title: title, Author: env().ORG_NAME },
    lang: "en-US",
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function header(doc: PDFKit.PDFDocument, t: TFunction, title: string) {
  const { ORG_NAME, ORG_EIN, ORG_ADDRESS } = env();
  doc.font("bold").fontSize(18).text(ORG_NAME);
  doc
    .font("regular")
    .fontSize(10)
    .text(ORG_ADDRESS)
    .text(t("receipt.taxExempt", { ein: ORG_EIN }));
  doc.moveDown(1.5).font("bold").fontSize(15).text(title).moveDown(0.5);
  doc.font("regular").fontSize(11);
}

function footer(doc: PDFKit.PDFDocument, t: TFunction) {
  doc.moveDown(1.5).font("bold").text(t("receipt.noGoods")).font("regular");
}

export type PdfGift = StatementGift;

/** The year-end statement: each succeeded gift of a Houston year with its date and amount, and the total. */
export function statementPdf(
  donor: { name: string | null; email: string },
  year: number,
  gifts: PdfGift[],
  locale: Locale,
): Promise<Buffer> {
  const t = serverT(locale);
  const title = t("receipt.statement.title", { year });
  const total = gifts.reduce((sum, gift) => sum + contributedCents(gift), 0);
  return render(title, (doc) => {
    header(doc, t, title);
    if (donor.name) doc.text(t("giving.pdf.donorName", { name: donor.name }));
    doc.text(t("receipt.statement.donor", { email: donor.email })).moveDown();
    if (gifts.length === 0) doc.text(t("receipt.statement.none", { year }));
    for (const gift of gifts) {
      doc.text(
        t("receipt.statement.line", {
          date: houstonLongDate(locale, gift.succeededAt),
          type: t(gift.isMonthly ? "receipt.statement.monthly" : "receipt.statement.once").trim(),
          amount: formatCents(contributedCents(gift), gift.currency, locale),
          id: gift.id,
        }),
      );
    }
    doc.moveDown().font("bold");
    doc.text(t("receipt.statement.total", { year, total: formatCents(total, "usd", locale) }));
    doc.font("regular");
    footer(doc, t);
  });
}

export interface PdfReceipt extends PdfGift {
  donorName: string | null;
  paymentReference: string | null;
  fundraiserTitle: string | null;
  dedicationLine: string | null;
}

/** One gift's receipt, with the IRS written-acknowledgment facts. */
export function receiptPdf(gift: PdfReceipt, locale: Locale): Promise<Buffer> {
  const t = serverT(locale);
  const title = t("receipt.official");
  const money = (cents: number) => formatCents(cents, gift.currency, locale);
  return render(title, (doc) => {
    header(doc, t, title);
    doc.text(t("receipt.greeting", { name: gift.donorName?.trim() || t("receipt.friend") }));
    doc.moveDown();
    doc.text(t("receipt.date", { date: houstonLongDate(locale, gift.succeededAt) }));
    doc.text(t("receipt.amount", { amount: money(gift.amount + gift.feeAmount) }));
    if (gift.refundedAmount > 0) {
      doc.text(t("giving.pdf.refunded", { amount: money(gift.refundedAmount) }));
    }
    doc.text(
      t("receipt.type", {
        type: t(gift.isMonthly ? "donation.frequency.monthly" : "donation.frequency.once"),
      }),
    );
    if (gift.fundraiserTitle) doc.text(t("receipt.fundraiser", { title: gift.fundraiserTitle }));
    if (gift.dedicationLine) doc.text(gift.dedicationLine);
    doc.text(t("receipt.number", { id: gift.id }));
    if (gift.paymentReference) {
      doc.text(t("receipt.reference", { reference: gift.paymentReference }));
    }
    footer(doc, t);
  });
}
