import { db } from "#app/db/client.server";
import { listingReports } from "#app/db/schema/listing-reports";
import { listingNames } from "#app/features/services/index.server";
import type { Locale } from "#app/i18n/locales";
import type { ReportInput } from "./schema";

/** HSDS ids are UUIDs in practice; anything else long or odd cannot be one of ours. */
const plausibleId = (id: string) => id.length <= 100 && /^[\w.:-]+$/.test(id);

/** The listing a report is about, in the visitor's language, or null when there is none. */
export async function reportedService(id: string, locale: Locale) {
  if (!plausibleId(id)) return null;
  const listing = (await listingNames([id])).get(id);
  if (!listing) return null;
  return { id, name: (locale === "es" && listing.nameEs) || listing.name };
}

/** Stores a report; it waits for staff in the Services tab. */
export async function saveReport(serviceId: string, value: ReportInput, locale: Locale) {
  await db()
    .insert(listingReports)
    .values({
      serviceId,
      reason: value.reason,
      note: value.note,
      email: value.email ?? null,
      language: locale,
    });
}
