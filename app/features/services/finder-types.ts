/**
 * What the finder's queries return (app/features/services/services.server.ts re-exports them).
 * Client components import these types.
 */
import type { ServiceCategory } from "#app/db/schema/services";
import type { CapacityShown } from "#app/features/services/capacity";
import type { Locale } from "#app/i18n/locales";
import type { OpeningStatus, ScheduleHours } from "./hours";

export interface FinderFilters {
  category?: ServiceCategory;
  /** Only what is open at `now` (`open=now`). */
  openNow?: boolean;
  /** Only services with a fresh count above 0 at `now` (`places=now`). */
  placesNow?: boolean;
  /** Words, all of which must match name, description or organization name (any language). */
  q?: string;
  /** A language spoken: a code ("es") or a name ("Spanish", "Español"). */
  lang?: string;
  /** Eligibility words ("women", "veterans"); all must match the eligibility text. */
  for?: string;
  /** Which texts `name`/`description`/`eligibility` carry; `textLanguage` says which one did. */
  locale: Locale;
}

export interface FinderPhone {
  id: string;
  number: string;
  extension: number | null;
  type: string | null;
  description: string | null;
  languages: string[];
}

export interface FinderRow {
  /** The service_at_location id. */
  id: string;
  serviceId: string;
  /** In the locale's language when present, else English: `textLanguage` says which. */
  name: string;
  description: string | null;
  eligibility: string | null;
  textLanguage: { name: Locale; description: Locale; eligibility: Locale };
  category: ServiceCategory;
  organization: { id: string; name: string };
  /** Coordinates only when they are possible ones (imports may carry others). */
  location: { id: string; name: string | null; latitude: number | null; longitude: number | null };
  /** The physical address (else the first one), one line each part. */
  address: {
    address1: string;
    address2: string | null;
    city: string | null;
    stateProvince: string | null;
    postalCode: string | null;
  } | null;
  phones: FinderPhone[];
  schedules: ScheduleHours[];
  /** Languages spoken: ISO 639 codes ("es") where known, else the names as stored. */
  languages: string[];
  url: string | null;
  email: string | null;
  lastVerified: string | null;
  status: OpeningStatus;
  /** The service's live counts (HSDS 3.1 service_capacity) as shown at `now`. */
  capacity: CapacityShown[];
}

export interface ServiceDetail {
  id: string;
  /** Every place the service is offered, each with its status and hours. */
  locations: FinderRow[];
  status: string;
  lastModified: Date;
}
