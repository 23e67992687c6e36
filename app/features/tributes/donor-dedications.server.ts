import { inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { giftDedications } from "#app/db/schema/tributes";
import type { Locale } from "#app/i18n/locales";
import { dedicationPath } from "./links.server";

/**
 * The dedications of a donor's gifts by gift id, with the card's state and the donor's link to
 * each: what the donor's own list of gifts shows (app/features/giving).
 */
export async function dedicationsByGift(donationIds: string[], locale: Locale) {
  if (donationIds.length === 0) return new Map<string, GiftDedicationFacts>();
  const rows = await db()
    .select({
      id: giftDedications.id,
      donationId: giftDedications.donationId,
      kind: giftDedications.kind,
      honoree: giftDedications.honoree,
      cardStatus: giftDedications.cardStatus,
    })
    .from(giftDedications)
    .where(inArray(giftDedications.donationId, donationIds));
  return new Map(
    rows.map((row) => [row.donationId, { ...row, path: dedicationPath(row.id, locale) }]),
  );
}

export interface GiftDedicationFacts {
  id: string;
  kind: string;
  honoree: string;
  /** scheduled, sent, failed or cancelled; null without a card. */
  cardStatus: string | null;
  path: string;
}
