/**
 * The staff Services tab's server side (docs/decisions/170-the-finder-page.md, docs/decisions/165-staff-service-writes.md):
 * save (staff-save.server.ts), read for editing, deactivate, reactivate, mark verified, list.
 * Every write validates its input and tells the page cache (servicesChanged).
 */
import { type SQL, sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { minutesOf } from "./hours";
import type { ServiceInput, Weekday } from "./service-input";
import { weekdays } from "./service-input";
import { servicesChanged } from "./services.server";

export { type SaveResult, saveService } from "./staff-save.server";

/** Ids are HSDS ids: at most 200 characters, no spaces (app/features/services/hsds/records.ts). */
const isId = (id: unknown): id is string => typeof id === "string" && /^[^\s]{1,200}$/.test(id);

async function setWhere(id: string, change: SQL): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await selectRows<{ id: string }>(
    sql`update hsds_service set ${change}, last_modified = now() where id = ${id} returning id`,
  );
  if (rows.length > 0) servicesChanged();
  return rows.length > 0;
}

export async function deactivateService(id: string): Promise<boolean> {
  return setWhere(id, sql`status = 'inactive'`);
}

export async function reactivateService(id: string): Promise<boolean> {
  return setWhere(id, sql`status = 'active'`);
}

/** Sets last verified to `today` (Houston date, "YYYY-MM-DD"); false for a bad date or id. */
export async function markServiceVerified(id: string, today: string): Promise<boolean> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
    return false;
  }
  return setWhere(id, sql`last_verified = ${today}::date`);
}

interface EditedRow {
  id: string;
  name: string;
  name_es: string | null;
  description: string | null;
  description_es: string | null;
  eligibility_description: string | null;
  eligibility_description_es: string | null;
  category: ServiceInput["category"];
  organization_name: string;
  url: string | null;
  email: string | null;
  fees_description: string | null;
  sal_id: string | null;
  location_id: string | null;
  location_name: string | null;
  latitude: number | null;
  longitude: number | null;
}

const clock = (time: string | null) => {
  const minute = minutesOf(time);
  return minute === null
    ? null
    : `${String(Math.floor(minute / 60) % 24).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
};
const orUndefined = <T>(value: T | null) => (value === null ? undefined : value);

/**
 * The stored service as the form's values, or null. Hours the form cannot show (a monthly rule)
 * are left out: saving replaces them (docs/decisions/165-staff-service-writes.md).
 */
export async function getServiceForEditing(id: string): Promise<ServiceInput | null> {
  if (!isId(id)) return null;
  const [row] = await selectRows<EditedRow>(sql`
    select s.id, s.name, s.name_es, s.description, s.description_es, s.eligibility_description,
      s.eligibility_description_es, s.category, o.name as organization_name, s.url, s.email,
      s.fees_description, sal.id as sal_id, l.id as location_id, l.name as location_name,
      l.latitude, l.longitude
    from hsds_service s join hsds_organization o on o.id = s.organization_id
    left join lateral (select id, location_id from hsds_service_at_location where service_id = s.id order by id limit 1) sal on true
    left join hsds_location l on l.id = sal.location_id
    where s.id = ${id}`);
  if (!row) return null;
  const [address] = await selectRows<{
    address_1: string;
    address_2: string | null;
    city: string | null;
    state_province: string | null;
    postal_code: string | null;
  }>(sql`
    select address_1, address_2, city, state_province, postal_code from hsds_address
    where location_id = ${row.location_id} order by (address_type = 'physical') desc, id limit 1`);
  const [access] = await selectRows<{ description: string | null }>(
    sql`select description from hsds_accessibility where location_id = ${row.location_id} order by id limit 1`,
  );
  const phones = await selectRows<{
    number: string;
    type: string | null;
    description: string | null;
  }>(sql`
    select number, type, description from hsds_phone
    where service_id = ${id} or service_at_location_id = ${row.sal_id} order by id`);
  const own = await selectRows<{
    byday: string | null;
    opens_at: string | null;
    closes_at: string | null;
    valid_from: string | null;
    valid_to: string | null;
    description: string | null;
    freq: string | null;
  }>(sql`
    select byday, opens_at, closes_at, valid_from::text as valid_from, valid_to::text as valid_to, description, freq
    from hsds_schedule where service_at_location_id = ${row.sal_id}
      or (service_id = ${id} and not exists (select 1 from hsds_schedule x where x.service_at_location_id = ${row.sal_id}))
    order by id`);
  const languages = await selectRows<{ code: string | null }>(
    sql`select code from hsds_language where service_id = ${id} and code is not null order by id`,
  );
  const openings: ServiceInput["openings"] = [];
  let hoursNote: string | undefined;
  for (const schedule of own) {
    const opensAt = clock(schedule.opens_at);
    const closesAt = clock(schedule.closes_at);
    const days = (schedule.byday ?? "")
      .split(",")
      .map((day) => day.trim().toUpperCase())
      .filter((day): day is Weekday => (weekdays as readonly string[]).includes(day));
    if (opensAt && closesAt && (schedule.freq ?? "WEEKLY").toUpperCase() === "WEEKLY") {
      openings.push({
        days: days.length ? days : [...weekdays],
        opensAt,
        closesAt,
        validFrom: orUndefined(schedule.valid_from),
        validTo: orUndefined(schedule.valid_to),
      });
    } else if (schedule.description && !hoursNote) hoursNote = schedule.description;
  }
  // The form shows openings in week order, then by time; languages alphabetically.
  const dayIndex = (days: string[]) =>
    Math.min(...days.map((day) => weekdays.indexOf(day as Weekday)));
  openings.sort(
    (a, b) => dayIndex(a.days) - dayIndex(b.days) || a.opensAt.localeCompare(b.opensAt),
  );
  return {
    id: row.id,
    name: row.name,
    nameEs: orUndefined(row.name_es),
    description: row.description ?? "",
    descriptionEs: orUndefined(row.description_es),
    eligibilityDescription: orUndefined(row.eligibility_description),
    eligibilityDescriptionEs: orUndefined(row.eligibility_description_es),
    category: row.category,
    organizationName: row.organization_name,
    url: orUndefined(row.url),
    email: orUndefined(row.email),
    feesDescription: orUndefined(row.fees_description),
    languages: languages
      .flatMap((language) =>
        language.code && /^[a-z]{2,3}$/.test(language.code) ? [language.code] : [],
      )
      .sort(),
    location: {
      name: orUndefined(row.location_name),
      address1: address?.address_1 ?? "",
      address2: orUndefined(address?.address_2 ?? null),
      city: address?.city ?? "Houston",
      stateProvince: address?.state_province ?? "TX",
      postalCode: address?.postal_code ?? "",
      latitude: orUndefined(row.latitude),
      longitude: orUndefined(row.longitude),
      accessibility: orUndefined(access?.description ?? null),
    },
    phones: phones.map((phone) => ({
      number: phone.number,
      type: phone.type === "text" || phone.type === "hotline" ? phone.type : "voice",
      description: orUndefined(phone.description),
    })),
    openings,
    hoursNote,
  };
}

export interface StaffServiceRow {
  id: string;
  name: string;
  organizationName: string;
  category: string;
  status: string;
  lastVerified: string | null;
  lastModified: Date;
}

export const STAFF_PAGE_SIZE = 50;

/** Every service (any status), latest change first, 50 a page; `q` as in findServices. */
export async function listServicesForStaff(options: {
  q?: string;
  page?: number;
}): Promise<{ rows: StaffServiceRow[]; total: number }> {
  const words = (options.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const where = words.length
    ? sql.join(
        words.map(
          (word) =>
            sql`s.search_folded like search_fold(${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
        ),
        sql` and `,
      )
    : sql`true`;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const rows = await selectRows<{
    id: string;
    name: string;
    organization_name: string;
    category: string;
    status: string;
    last_verified: string | null;
    last_modified: string | Date;
    total: number;
  }>(sql`
    select s.id, s.name, o.name as organization_name, s.category, s.status,
      s.last_verified::text as last_verified, s.last_modified, count(*) over ()::int as total
    from hsds_service s join hsds_organization o on o.id = s.organization_id
    where ${where}
    order by s.last_modified desc, s.id
    limit ${STAFF_PAGE_SIZE} offset ${(page - 1) * STAFF_PAGE_SIZE}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [count] = await selectRows<{ total: number }>(
      sql`select count(*)::int as total from hsds_service s where ${where}`,
    );
    total = count?.total ?? 0;
  }
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      organizationName: row.organization_name,
      category: row.category,
      status: row.status,
      lastVerified: row.last_verified,
      lastModified: new Date(row.last_modified),
    })),
  };
}
