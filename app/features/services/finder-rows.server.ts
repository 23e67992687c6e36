/**
 * The finder's queries (docs/decisions/164-finder-query.md): the matching services at locations
 * in one indexed query, their hours in a second, the status of each computed here for one moment,
 * and the phones, languages and addresses of only the rows shown in a third.
 */
import { type SQL, sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import type { ServiceCategory } from "#app/db/services-schema";
import type { Locale } from "#app/i18n/locales";
import { finderPriorityCategories } from "#app/lib/finder-priority.server";
import { detailsOf } from "./finder-details.server";
import type { FinderFilters, FinderRow, ServiceDetail } from "./finder-types";
import { isOpenNow, openingStatus, type ScheduleHours, statusSortKey } from "./hours";
import { HoustonCalendar } from "./houston-time";

interface CandidateRow {
  sal_id: string;
  service_id: string;
  service_status: string;
  name: string;
  name_es: string | null;
  description: string | null;
  description_es: string | null;
  eligibility: string | null;
  eligibility_es: string | null;
  category: string;
  url: string | null;
  email: string | null;
  last_verified: string | null;
  organization_id: string;
  organization_name: string;
  location_id: string;
  location_name: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ScheduleRow {
  service_id: string | null;
  location_id: string | null;
  service_at_location_id: string | null;
  freq: string | null;
  byday: string | null;
  opens_at: string | null;
  closes_at: string | null;
  valid_from: string | null;
  valid_to: string | null;
  until: string | null;
  interval: number | null;
  description: string | null;
}

/** A schedule row as the hours logic reads it (hours.ts). */
export function hoursOfRow(row: ScheduleRow): ScheduleHours {
  return {
    freq: row.freq,
    byday: row.byday,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    until: row.until,
    interval: row.interval,
    description: row.description,
  };
}

/** A LIKE pattern matching `word` anywhere, its own %, _ and \ taken literally. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Words of a search box: at most 8, each matched anywhere (docs/decisions/164-finder-query.md). */
function wordsOf(text: string | undefined): string[] {
  return (text ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

function filtersWhere(filters: FinderFilters): SQL {
  const conditions: SQL[] = [sql`s.status = 'active'`];
  if (filters.category) conditions.push(sql`s.category = ${filters.category}`);
  for (const word of wordsOf(filters.q)) {
    conditions.push(sql`search_fold(s.search_text) like search_fold(${containsPattern(word)})`);
  }
  for (const word of wordsOf(filters.for)) {
    conditions.push(
      sql`search_fold(concat_ws(E'\\n', s.eligibility_description, s.eligibility_description_es)) like search_fold(${containsPattern(word)})`,
    );
  }
  const language = filters.lang?.trim().toLowerCase();
  if (language) {
    // Sets of matching owners, each read once (a correlated subquery per row was seconds).
    const spoken = sql`(lower(lg.code) = ${language} or search_fold(lg.name) = search_fold(${language}))`;
    conditions.push(sql`(
      s.id in (select lg.service_id from hsds_language lg where ${spoken})
      or sal.location_id in (select lg.location_id from hsds_language lg where ${spoken})
      or s.id in (select ph.service_id from hsds_phone ph join hsds_language lg on lg.phone_id = ph.id where ${spoken}))`);
  }
  return sql.join(conditions, sql` and `);
}

const CANDIDATE_COLUMNS = sql`sal.id as sal_id, s.id as service_id, s.status as service_status,
  s.name, s.name_es, s.description, s.description_es,
  s.eligibility_description as eligibility, s.eligibility_description_es as eligibility_es,
  s.category, s.url, s.email, s.last_verified::text as last_verified,
  o.id as organization_id, o.name as organization_name,
  l.id as location_id, l.name as location_name, l.latitude, l.longitude`;

const CANDIDATE_FROM = sql`hsds_service_at_location sal
  join hsds_service s on s.id = sal.service_id
  join hsds_organization o on o.id = s.organization_id
  join hsds_location l on l.id = sal.location_id`;

/** The schedules that may apply to `rows`, by service at location, service and location. */
async function schedulesOf(rows: Pick<CandidateRow, "sal_id" | "service_id" | "location_id">[]) {
  const ids = (pick: (row: (typeof rows)[number]) => string) =>
    JSON.stringify([...new Set(rows.map(pick))]);
  const schedules = rows.length
    ? await selectRows<ScheduleRow>(sql`
        select service_id, location_id, service_at_location_id, freq, byday, opens_at, closes_at,
          valid_from::text as valid_from, valid_to::text as valid_to, until::text as until,
          interval, description
        from hsds_schedule
        where service_at_location_id in (select jsonb_array_elements_text(${ids((row) => row.sal_id)}::jsonb))
          or service_id in (select jsonb_array_elements_text(${ids((row) => row.service_id)}::jsonb))
          or location_id in (select jsonb_array_elements_text(${ids((row) => row.location_id)}::jsonb))`)
    : [];
  const by = {
    sal: new Map<string, ScheduleHours[]>(),
    service: new Map<string, ScheduleHours[]>(),
    location: new Map<string, ScheduleHours[]>(),
  };
  const add = (map: Map<string, ScheduleHours[]>, key: string, hours: ScheduleHours) => {
    const list = map.get(key);
    if (list) list.push(hours);
    else map.set(key, [hours]);
  };
  for (const row of schedules) {
    const hours = hoursOfRow(row);
    if (row.service_at_location_id) add(by.sal, row.service_at_location_id, hours);
    else if (row.service_id) add(by.service, row.service_id, hours);
    else if (row.location_id) add(by.location, row.location_id, hours);
  }
  // A place's own hours; else the service's; else the location's opening hours.
  return (row: (typeof rows)[number]): ScheduleHours[] =>
    by.sal.get(row.sal_id) ??
    by.service.get(row.service_id) ??
    by.location.get(row.location_id) ??
    [];
}

/** Both coordinates when both are possible (an import may carry a latitude of 100). */
function coordinates(row: CandidateRow): { latitude: number | null; longitude: number | null } {
  const { latitude, longitude } = row;
  if (latitude === null || longitude === null) return { latitude: null, longitude: null };
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return { latitude: null, longitude: null };
  return { latitude, longitude };
}

/**
 * The status of hours at one moment, computed once per distinct set of hours: directories repeat
 * the same few ("MO-FR 9-5", "every night 7 pm-7 am") across thousands of services.
 */
export function statusesAt(now: Date) {
  const calendar = new HoustonCalendar();
  const known = new Map<string, ReturnType<typeof openingStatus>>();
  return (schedules: ScheduleHours[]) => {
    const key = JSON.stringify(schedules);
    let status = known.get(key);
    if (!status) {
      status = openingStatus(schedules, now, calendar);
      known.set(key, status);
    }
    return status;
  };
}

function finderRow(
  row: CandidateRow,
  locale: Locale,
  schedules: ScheduleHours[],
  statusOf: (schedules: ScheduleHours[]) => ReturnType<typeof openingStatus>,
): FinderRow {
  const spanish = locale === "es";
  const pick = (english: string | null, translated: string | null) =>
    spanish && translated
      ? { text: translated, language: "es" as Locale }
      : { text: english, language: "en" as Locale };
  const name = pick(row.name, row.name_es);
  const description = pick(row.description, row.description_es);
  const eligibility = pick(row.eligibility, row.eligibility_es);
  return {
    id: row.sal_id,
    serviceId: row.service_id,
    name: name.text ?? row.name,
    description: description.text,
    eligibility: eligibility.text,
    textLanguage: {
      name: name.language,
      description: description.language,
      eligibility: eligibility.language,
    },
    category: row.category as ServiceCategory,
    organization: { id: row.organization_id, name: row.organization_name },
    location: { id: row.location_id, name: row.location_name, ...coordinates(row) },
    address: null,
    phones: [],
    schedules,
    languages: [],
    url: row.url,
    email: row.email,
    lastVerified: row.last_verified,
    status: statusOf(schedules),
  };
}

type Candidate = Pick<CandidateRow, "sal_id" | "service_id" | "location_id" | "name" | "category">;

export async function findRows(
  filters: FinderFilters,
  now: Date,
  limit: number,
): Promise<FinderRow[]> {
  // Few columns for every match: rows cost the most to carry, on PGlite above all.
  const candidates = await selectRows<Candidate>(
    sql`select sal.id as sal_id, s.id as service_id, sal.location_id, s.name, s.category
      from hsds_service_at_location sal join hsds_service s on s.id = sal.service_id
      where ${filtersWhere(filters)}`,
  );
  const hoursOf = await schedulesOf(candidates);
  const statusOf = statusesAt(now);
  let ranked = candidates.map((row) => ({ row, status: statusOf(hoursOf(row)) }));
  if (filters.openNow) ranked = ranked.filter(({ status }) => isOpenNow(status));
  const keys = new Map(ranked.map((item) => [item, statusSortKey(item.status)]));
  // While a weather banner is up, its warming or cooling centres come first
  // (docs/decisions/180-weather-banners.md).
  const first = new Set(await finderPriorityCategories(now));
  const later = (item: (typeof ranked)[number]) => (first.has(item.row.category) ? 0 : 1);
  ranked.sort(
    (a, b) =>
      later(a) - later(b) ||
      (keys.get(a) ?? 0) - (keys.get(b) ?? 0) ||
      a.row.name.localeCompare(b.row.name) ||
      a.row.sal_id.localeCompare(b.row.sal_id),
  );
  const shown = ranked.slice(0, Math.max(0, limit));
  if (shown.length === 0) return [];
  // The whole card only for the rows shown.
  const full = await selectRows<CandidateRow>(sql`select ${CANDIDATE_COLUMNS} from ${CANDIDATE_FROM}
    where sal.id in (select jsonb_array_elements_text(${JSON.stringify(shown.map(({ row }) => row.sal_id))}::jsonb))`);
  const byId = new Map(full.map((row) => [row.sal_id, row]));
  const rows = shown.flatMap(({ row }) => {
    const card = byId.get(row.sal_id);
    return card ? [finderRow(card, filters.locale, hoursOf(row), statusOf)] : [];
  });
  return detailsOf(rows);
}

export async function serviceRows(
  id: string,
  locale: Locale,
  now: Date,
): Promise<ServiceDetail | null> {
  const [service] = await selectRows<{ id: string; status: string; last_modified: Date | string }>(
    sql`select id, status, last_modified from hsds_service where id = ${id}`,
  );
  if (!service) return null;
  const candidates = await selectRows<CandidateRow>(
    sql`select ${CANDIDATE_COLUMNS} from ${CANDIDATE_FROM} where s.id = ${id} order by l.name, sal.id`,
  );
  const hoursOf = await schedulesOf(candidates);
  const statusOf = statusesAt(now);
  const locations = await detailsOf(
    candidates.map((row) => finderRow(row, locale, hoursOf(row), statusOf)),
  );
  return {
    id: service.id,
    status: service.status,
    lastModified: new Date(service.last_modified),
    locations,
  };
}
