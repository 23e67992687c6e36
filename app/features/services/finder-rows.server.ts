/**
 * The finder's queries (docs/decisions/164-finder-query.md): the matching services at locations
 * in one indexed query, their hours in a second, the status of each computed here for one moment,
 * and the phones, languages and addresses of only the rows shown in a third.
 */
import { type SQL, sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import type { ServiceCategory } from "#app/db/services-schema";
import type { Locale } from "#app/i18n/locales";
import { detailsOf } from "./finder-details.server";
import type { FinderFilters, FinderRow, ServiceDetail } from "./finder-types";
import {
  isOpenNow,
  nextStatusChange,
  openingStatus,
  type ScheduleHours,
  statusSortKey,
} from "./hours";
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

interface ScheduleRow {
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
    conditions.push(sql`exists (
      select 1 from hsds_language lg
      left join hsds_phone ph on ph.id = lg.phone_id
      where (lg.service_id = s.id or lg.location_id = l.id or ph.service_id = s.id)
        and (lower(lg.code) = ${language} or search_fold(lg.name) = search_fold(${language})))`);
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
async function schedulesOf(rows: CandidateRow[]) {
  const ids = (pick: (row: CandidateRow) => string) => JSON.stringify([...new Set(rows.map(pick))]);
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
    const hours: ScheduleHours = {
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
    if (row.service_at_location_id) add(by.sal, row.service_at_location_id, hours);
    else if (row.service_id) add(by.service, row.service_id, hours);
    else if (row.location_id) add(by.location, row.location_id, hours);
  }
  // A place's own hours; else the service's; else the location's opening hours.
  return (row: CandidateRow): ScheduleHours[] =>
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

function finderRow(
  row: CandidateRow,
  locale: Locale,
  schedules: ScheduleHours[],
  now: Date,
  calendar: HoustonCalendar,
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
    status: openingStatus(schedules, now, calendar),
  };
}

export async function findRows(
  filters: FinderFilters,
  now: Date,
  limit: number,
): Promise<FinderRow[]> {
  const candidates = await selectRows<CandidateRow>(
    sql`select ${CANDIDATE_COLUMNS} from ${CANDIDATE_FROM} where ${filtersWhere(filters)}`,
  );
  const hoursOf = await schedulesOf(candidates);
  const calendar = new HoustonCalendar();
  let rows = candidates.map((row) => finderRow(row, filters.locale, hoursOf(row), now, calendar));
  if (filters.openNow) rows = rows.filter((row) => isOpenNow(row.status));
  const keys = new Map(rows.map((row) => [row, statusSortKey(row.status)]));
  rows.sort(
    (a, b) =>
      (keys.get(a) ?? 0) - (keys.get(b) ?? 0) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  const shown = rows.slice(0, Math.max(0, limit));
  return detailsOf(shown);
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
  const calendar = new HoustonCalendar();
  const locations = await detailsOf(
    candidates.map((row) => finderRow(row, locale, hoursOf(row), now, calendar)),
  );
  return {
    id: service.id,
    status: service.status,
    lastModified: new Date(service.last_modified),
    locations,
  };
}

/** The next moment any active service's status can change, for the page cache. */
export async function nextChangeOfActiveServices(now: Date): Promise<number | null> {
  const rows = await selectRows<ScheduleRow>(sql`
    select distinct sch.freq, sch.byday, sch.opens_at, sch.closes_at, sch.valid_from::text as valid_from,
      sch.valid_to::text as valid_to, sch.until::text as until, sch.interval, null as description,
      null as service_id, null as location_id, null as service_at_location_id
    from hsds_schedule sch
    where exists (select 1 from hsds_service s where s.status = 'active'
      and (s.id = sch.service_id
        or s.id in (select service_id from hsds_service_at_location where id = sch.service_at_location_id or location_id = sch.location_id)))`);
  const calendar = new HoustonCalendar();
  let next: number | null = null;
  for (const row of rows) {
    const hours: ScheduleHours = {
      freq: row.freq,
      byday: row.byday,
      opensAt: row.opens_at,
      closesAt: row.closes_at,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      until: row.until,
      interval: row.interval,
      description: null,
    };
    // Each row alone: openings of different services must not merge and hide a change.
    const change = nextStatusChange([hours], now, calendar);
    if (change !== null && (next === null || change < next)) next = change;
  }
  return next;
}
