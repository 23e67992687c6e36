import { db } from "#app/db/client.server";
import { donorGiftRows, yearGifts } from "#app/features/donations/index.server";
import { fundraiserTitles } from "#app/features/fundraisers/index.server";
import { receiptDedicationLine } from "#app/features/tributes/index.server";
import type { Locale } from "#app/i18n/locales";
import { receiptPdf, statementPdf } from "./pdf.server";

/** A PDF answer that no cache keeps. */
export function pdfResponse(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The receipt of one of the donor's own paid gifts as PDF; null for anyone else's or none. */
export async function donorReceipt(email: string, giftId: string, locale: Locale) {
  const gift = (await donorGiftRows(email)).find((row) => row.id === giftId);
  if (!gift?.succeededAt) return null;
  const titles = await fundraiserTitles([gift.fundraiserId]);
  return receiptPdf(
    {
      ...gift,
      succeededAt: gift.succeededAt,
      fundraiserTitle: gift.fundraiserId ? (titles.get(gift.fundraiserId) ?? null) : null,
      dedicationLine: await receiptDedicationLine(db(), gift.id, locale),
    },
    locale,
  );
}

/** The year's statement (Houston's calendar) as PDF, named as the donor last gave. */
export async function donorStatement(email: string, year: number, locale: Locale) {
  const gifts = await yearGifts(email, year);
  const name = gifts.findLast((gift) => gift.donorName?.trim())?.donorName ?? null;
  return statementPdf({ name, email }, year, gifts, locale);
}
