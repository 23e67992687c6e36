/**
 * The finder's queries (docs/decisions/164-finder-query.md,
 * docs/decisions/184-stored-opening-status.md): the stored statuses made right for the moment,
 * the first `limit` matching services at locations filtered and sorted on them in one query, and
 * the hours, cards, phones, languages and addresses of only those rows.
 */

import { type SQL, sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";
import { jsonRows } from "#app/db/json-rows";
import type { ServiceCategory } from "#app/db/schema/services";
import { finderPriorityCategories } from "#app/features/services/finder-priority.server";
import type { Locale } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import {
  anyPlacesAt,
  type CapacityRow,
  capacityQuery,
  countsByService,
  hasPlaces,
  placesOrder,
} from "./finder-capacity.server";
import { type DetailRows, detailQueries, withDetails } from "./finder-details.server";
import {
  hoursByPlace,
  type Place,
  type ScheduleRow,
  schedulesQuery,
  statusesAt,
} from "./finder-hours.server";
import type { FinderFilters, FinderRow, ServiceDetail } from "./finder-types";
import { OPEN_SORT_KEY_LIMIT, type OpeningStatus, type ScheduleHours } from "./hours";
import { refreshStoredStatuses } from "./stored-status.server";

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

/** A LIKE pattern matching `word` anywhere, its own %, _ and \ taken literally. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Words of a search box: at most 8, each matched anywhere (docs/decisions/164-finder-query.md). */
function wordsOf(text: string | undefined): string[] {
  return (text ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

function filtersWhere(filters: FinderFilters, now: Date): SQL {
  const conditions: SQL[] = [sql`s.status = 'active'`];
  if (filters.category) conditions.push(sql`s.category = ${filters.category}`);
  if (filters.placesNow) conditions.push(hasPlaces(now));
  for (const word of wordsOf(filters.q)) {
    conditions.push(sql`s.search_folded like search_fold(${containsPattern(word)})`);
  }
  for (const word of wordsOf(filters.for)) {
    conditions.push(sql`s.eligibility_folded like search_fold(${containsPattern(word)})`);
  }
  const language = filters.lang?.trim().toLowerCase();
  if (language) {
    // Sets of matching owners, each read once (a correlated subquery per row was seconds). The
    // phones are looked up by key from their languages, not all hashed to join them
    // (docs/decisions/202-finder-order-index.md).
    const spoken = sql`(lower(lg.code) = ${language} or search_fold(lg.name) = search_fold(${language}))`;
    conditions.push(sql`(
      s.id in (select lg.service_id from hsds_language lg where ${spoken})
      or sal.location_id in (select lg.location_id from hsds_language lg where ${spoken})
      or s.id in (select ph.service_id from hsds_phone ph where ph.id = any(array(
        select lg.phone_id from hsds_language lg where lg.phone_id is not null and ${spoken}))))`);
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
  status: OpeningStatus,
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
    status,
    capacity: [],
  };
}

/**
 * The query of the first `limit` matching rows in the finder's order: a weather banner's
 * categories first (docs/decisions/180-weather-banners.md), then the stored status (open now
 * first, closing soonest first; hours.ts statusSortKey), then the name ignoring case and accents,
 * then the id. `computed` replaces the stored key of the rows refreshStoredStatuses could not
 * write. With `places` (some service has places at that moment), open services with places come
 * first (finder-capacity.server.ts placesOrder). Exported so a test can EXPLAIN it
 * (tests/integration/finder-plan.test.ts).
 */
export function rankedQuery(
  filters: FinderFilters,
  limit: number,
  first: string[],
  computed: Map<string, number>,
  places: { now: Date; first: boolean } = { now: clock.now(), first: false },
): SQL {
  const sortKey = computed.size
    ? sql`coalesce((${JSON.stringify(Object.fromEntries(computed))}::jsonb ->> sal.id)::double precision, sal.status_sort)`
    : sql`sal.status_sort`;
  const conditions = [filtersWhere(filters, places.now)];
  if (filters.openNow) conditions.push(sql`${sortKey} <= ${OPEN_SORT_KEY_LIMIT}`);
  const priority = places.first
    ? placesOrder(sortKey, first, places.now)
    : first.length
      ? sql`case when s.category in (${sql.join(
          first.map((category) => sql`${category}`),
          sql`, `,
        )}) then 0 else 1 end,`
      : sql``;
  return sql`
    select sal.id as sal_id, s.id as service_id, sal.location_id
    from hsds_service_at_location sal join hsds_service s on s.id = sal.service_id
    where ${sql.join(conditions, sql` and `)}
    order by ${priority} ${sortKey}, s.name_folded collate "C", sal.id collate "C"
    limit ${limit}`;
}

/** What the finder shows of some places, read together. */
interface ShownRows extends DetailRows {
  cards: CandidateRow[];
  schedules: ScheduleRow[];
  capacity: CapacityRow[];
}

/**
 * The cards, hours, phones, languages and addresses of `places`, in one statement: PGlite sends
 * each query through its WebAssembly message by message and parses every field of every row in
 * JavaScript, where each set here comes back as one JSON text
 * (docs/decisions/203-finder-rows-in-one-statement.md).
 */
async function readShown(places: Place[]): Promise<ShownRows> {
  const details = detailQueries(places);
  const cards = sql`select ${CANDIDATE_COLUMNS} from ${CANDIDATE_FROM}
    where sal.id = ${anyOf(places.map((place) => place.sal_id))}`;
  const [texts] = await selectRows<Record<keyof ShownRows, string>>(sql`select
    ${jsonRows(cards)} as cards,
    ${jsonRows(schedulesQuery(places))} as schedules,
    ${jsonRows(details.phones, "id")} as phones,
    ${jsonRows(details.languages, "id")} as languages,
    ${jsonRows(details.addresses, "id")} as addresses,
    ${jsonRows(capacityQuery(places.map((place) => place.service_id)), "sort")} as capacity`);
  return {
    cards: JSON.parse(texts.cards),
    schedules: JSON.parse(texts.schedules),
    phones: JSON.parse(texts.phones),
    languages: JSON.parse(texts.languages),
    addresses: JSON.parse(texts.addresses),
    capacity: JSON.parse(texts.capacity),
  };
}

/** `places` as finder rows, in their order, each status computed from the hours it shows. */
async function rowsOf(places: Place[], locale: Locale, now: Date): Promise<FinderRow[]> {
  if (places.length === 0) return [];
  const shown = await readShown(places);
  const hoursOf = hoursByPlace(shown.schedules);
  const statusOf = statusesAt(now);
  const cardOf = new Map(shown.cards.map((card) => [card.sal_id, card]));
  const countsOf = countsByService(shown.capacity, now);
  const rows = places.flatMap((place) => {
    const card = cardOf.get(place.sal_id);
    const hours = hoursOf(place);
    if (!card) return [];
    const row = finderRow(card, locale, hours, statusOf(hours).status);
    return [{ ...row, capacity: countsOf.get(place.service_id) ?? [] }];
  });
  return withDetails(rows, shown);
}

export async function findRows(
  filters: FinderFilters,
  now: Date,
  limit: number,
): Promise<FinderRow[]> {
  if (limit <= 0) return [];
  const computed = await refreshStoredStatuses(now);
  const first = await finderPriorityCategories(now);
  const places = { now, first: await anyPlacesAt(now) };
  const shown = await selectRows<Place>(rankedQuery(filters, limit, first, computed, places));
  return rowsOf(shown, filters.locale, now);
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
  const places = await selectRows<Place>(
    sql`select sal.id as sal_id, sal.service_id, sal.location_id
      from hsds_service_at_location sal left join hsds_location l on l.id = sal.location_id
      where sal.service_id = ${id} order by l.name, sal.id`,
  );
  return {
    id: service.id,
    status: service.status,
    lastModified: new Date(service.last_modified),
    locations: await rowsOf(places, locale, now),
  };
}
