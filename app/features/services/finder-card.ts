/**
 * What one row of the finder's list sends to the page: only what the list shows. The page's data
 * travels twice (as HTML and as the data React hydrates from), so every field here costs twice
 * against the 30 KB budget for 50 services (docs/decisions/170-the-finder-page.md).
 */
import type { FinderRow } from "./services.server";
import { verificationTooOld } from "./verified";

export interface FinderCard {
  id: string;
  serviceId: string;
  name: string;
  eligibility: string | null;
  /** The English texts shown on a Spanish page (marked lang="en"). */
  english: { name: boolean; eligibility: boolean };
  category: FinderRow["category"];
  organization: string;
  address: FinderRow["address"];
  latitude: number | null;
  longitude: number | null;
  phones: Pick<FinderRow["phones"][number], "id" | "number" | "extension" | "type">[];
  languages: string[];
  lastVerified: string | null;
  /** Last verified longer ago than the install allows: the card says "call before you go". */
  verificationOld: boolean;
  status: FinderRow["status"];
  capacity: FinderRow["capacity"];
}

/** `today` (Houston) and `verifiedDays` decide whether the verification is too old. */
export function finderCard(
  row: FinderRow,
  locale: string,
  verification: { today: string; days: number },
): FinderCard {
  const english = (language: string) => locale !== "en" && language === "en";
  return {
    id: row.id,
    serviceId: row.serviceId,
    name: row.name,
    eligibility: row.eligibility,
    english: {
      name: english(row.textLanguage.name),
      eligibility: english(row.textLanguage.eligibility),
    },
    category: row.category,
    organization: row.organization.name,
    address: row.address,
    latitude: row.location.latitude,
    longitude: row.location.longitude,
    phones: row.phones.map(({ id, number, extension, type }) => ({ id, number, extension, type })),
    languages: row.languages,
    lastVerified: row.lastVerified,
    verificationOld: verificationTooOld(row.lastVerified, verification.today, verification.days),
    status: row.status,
    capacity: row.capacity,
  };
}
