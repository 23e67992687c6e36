/**
 * What the donations feature's staff pages need of gifts in honour or in memory
 * (docs/decisions/236-managing-a-dedication.md): the Donations tab's filter, donations.csv's
 * Dedication, Honoree and Card sent columns, and the donation page's summary, through the tributes'
 * front door (index.server.ts).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { giftDedications } from "#app/db/schema/tributes";
import { formatCsvDate } from "#app/lib/admin/dates.server";

/** The ids of gifts given in honour or in memory of someone. */
export const tributeGiftIds = sql`select ${giftDedications.donationId} from ${giftDedications}`;

const KIND_WORDS: Record<string, string> = { honor: "In honor of", memory: "In memory of" };

/**
 * donations.csv's Dedication, Honoree and Card sent (when the card went, empty otherwise) of each
 * gift `ids` names, by gift id; empty ones for a gift without a dedication. One query a batch.
 */
export async function dedicationCsvColumns(ids: string[]): Promise<Map<string, string[]>> {
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
  return new Map(
    ids.map((id) => {
      const dedication = byDonation.get(id);
      return [
        id,
        dedication
          ? [
              KIND_WORDS[dedication.kind] ?? dedication.kind,
              dedication.honoree,
              dedication.cardSentAt ? formatCsvDate(dedication.cardSentAt) : "",
            ]
          : ["", "", ""],
      ];
    }),
  );
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
  return row
    ? { text: `${KIND_WORDS[row.kind] ?? row.kind} ${row.honoree}`, cardStatus: row.cardStatus }
    : null;
}
