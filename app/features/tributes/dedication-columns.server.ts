/**
 * What the donations feature's staff pages need of gifts in honour or in memory
 * (docs/decisions/236-managing-a-dedication.md): the Donations tab's filter, donations.csv's
 * Dedication, Honoree and Card sent columns, and the donation page's summary, through the tributes'
 * front door (index.server.ts).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { donations } from "#app/db/schema/donations";
import { giftDedications } from "#app/db/schema/tributes";
import { formatCsvDate } from "#app/lib/admin/dates.server";

/** Donations given in honour or in memory of someone. */
export const isTributeGift = sql`exists (select 1 from ${giftDedications} where ${giftDedications.donationId} = ${donations.id})`;

const KIND_WORDS: Record<string, string> = { honor: "In honor of", memory: "In memory of" };

/**
 * Each batch of an export's donations with the dedication columns appended: Dedication,
 * Honoree, Card sent (when the card went, empty otherwise). One query a batch.
 */
export async function* withDedicationColumns<Row extends { id: string }>(
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<{ row: Row; columns: string[] }[]> {
  for await (const batch of batches) {
    const ids = batch.map((row) => row.id);
    const found =
      ids.length === 0
        ? []
        : await db()
            .select({
              donationId: giftDedications.donationId,
              kind: giftDedications.kind,
              honoree: giftDedications.honoree,
              cardSentAt: giftDedications.cardSentAt,
            })
            .from(giftDedications)
            .where(inArray(giftDedications.donationId, ids));
    const byDonation = new Map(found.map((dedication) => [dedication.donationId, dedication]));
    yield batch.map((row) => {
      const dedication = byDonation.get(row.id);
      return {
        row,
        columns: dedication
          ? [
              KIND_WORDS[dedication.kind] ?? dedication.kind,
              dedication.honoree,
              dedication.cardSentAt ? formatCsvDate(dedication.cardSentAt) : "",
            ]
          : ["", "", ""],
      };
    });
  }
}

/** The donation page's line about its dedication, with its card's stored status; null without. */
export async function dedicationSummary(donationId: string) {
  const [row] = await db()
    .select({
      kind: giftDedications.kind,
      honoree: giftDedications.honoree,
      cardStatus: giftDedications.cardStatus,
    })
    .from(giftDedications)
    .where(eq(giftDedications.donationId, donationId));
  return row ? { ...row, kindWords: KIND_WORDS[row.kind] ?? row.kind } : null;
}
