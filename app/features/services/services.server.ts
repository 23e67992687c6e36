/**
 * The service finder's queries and staff changes (issue 20). Contract for the pages and the
 * Services tab: bodies arrive in later commits; signatures hold.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import type { ServiceCategory } from "#app/db/schema";
import type { Locale } from "#app/i18n/locales";
import type { OpeningStatus, ScheduleHours } from "./hours";

export interface FinderFilters {
  category?: ServiceCategory;
  /** Only what is open at `now` (`open=now`). */
  openNow?: boolean;
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
  /** Language names as stored ("Spanish"), codes when no name. */
  languages: string[];
  url: string | null;
  email: string | null;
  lastVerified: string | null;
  status: OpeningStatus;
}

export interface ServiceDetail {
  id: string;
  /** Every place the service is offered, each with its status and hours. */
  locations: FinderRow[];
  status: string;
  lastModified: Date;
}

type ServicesChangeListener = () => void;
const servicesChangeListeners = new Set<ServicesChangeListener>();

/**
 * Tells the page cache (server/page-cache/) that what the finder shows changed, so it drops the
 * pages of topic "services". Returns the function that stops listening.
 */
export function onServicesChange(listener: ServicesChangeListener): () => void {
  servicesChangeListeners.add(listener);
  return () => servicesChangeListeners.delete(listener);
}

/** Call after any write the public can see (import, staff edit, deactivation, verification). */
export function servicesChanged() {
  for (const listener of servicesChangeListeners) listener();
}

/** Active services' rows matching `filters`, open-now first, then by closing time. */
export async function findServices(_filters: FinderFilters, _now: Date): Promise<FinderRow[]> {
  throw new Error("findServices: coming in the next commit");
}

/** One service (any status) with all its locations, or null. */
export async function getService(
  _id: string,
  _locale: FinderFilters["locale"],
  _now: Date,
): Promise<ServiceDetail | null> {
  throw new Error("getService: coming in the next commit");
}

/**
 * A cheap version of what the finder shows: it changes with every write to the services (each
 * bumps last_modified) and with their number. Polled by other processes
 * (server/services-freshness.ts).
 */
export async function servicesDataVersion(): Promise<string> {
  const [row] = await selectRows<{ count: number; latest: string | null }>(
    sql`select count(*)::int as count, max(last_modified)::text as latest from hsds_service`,
  );
  return `${row?.count ?? 0}/${row?.latest ?? ""}`;
}

/** Five minutes: the longest a cached finder page may show a status before this is exact. */
const FINDER_PAGE_MAX_AGE_MS = 5 * 60 * 1000;

/** When cached finder pages rendered at `now` must expire (server/page-cache/policy.ts). */
export async function finderPageExpiryMoments(now: Date): Promise<number[]> {
  return [now.getTime() + FINDER_PAGE_MAX_AGE_MS];
}
