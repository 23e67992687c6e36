/**
 * The active services as HSDS 3.0 JSON (docs/decisions/166-hsds-export.md), as the
 * specification's schema/openapi.json defines /services and /services/{id}: each service fully
 * nested (organization, phones, schedules, languages, service_at_locations with location,
 * addresses, accessibility, phones, schedules, languages) and the finder's category as an
 * attribute, and the live counts as HSDS 3.1's `capacities` (capacity-export.server.ts), the one
 * field from 3.1. Empty values are left out: HSDS fields are strings, numbers or lists, never null.
 */
import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";
import { capacitiesOf } from "./capacity-export.server";
import { FINDER_TAXONOMY } from "./categories";

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

/** The fields of a row that have a value, in HSDS's names (the columns are HSDS's names). */
function present(row: Row, skip: string[] = []): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(row)) {
    if (skip.includes(key) || value === null || value === undefined || value === "") continue;
    out[key] = typeof value === "number" || typeof value === "string" ? value : String(value);
  }
  return out;
}

/** A stable UUID (version 5 layout) for things the finder names itself, like its categories. */
export function stableUuid(name: string): string {
  const hex = createHash("sha1").update(`houston-home-finder:${name}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function groupBy(rows: Row[], key: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const value = row[key];
    if (typeof value !== "string") continue;
    groups.set(value, [...(groups.get(value) ?? []), row]);
  }
  return groups;
}

const SCHEDULE_COLUMNS = sql`id, service_id, location_id, service_at_location_id,
  valid_from::text as valid_from, valid_to::text as valid_to, dtstart::text as dtstart, timezone,
  until::text as until, count, wkst, freq, interval, byday, byweekno, bymonthday, byyearday,
  description, opens_at, closes_at, schedule_link, attending_type, notes`;

/** The services of `ids`, fully nested, in the order of `ids`. */
async function nest(ids: string[]): Promise<Json[]> {
  if (ids.length === 0) return [];
  const services = await selectRows<Row>(sql`
    select id, organization_id, program_id, name, alternate_name, description, url, email, status,
      interpretation_services, application_process, fees_description, accreditations,
      eligibility_description, minimum_age, maximum_age, last_verified::text as assured_date,
      assurer_email, licenses, alert, last_modified, category
    from hsds_service where id = ${anyOf(ids)}`);
  const sals = await selectRows<Row>(
    sql`select id, service_id, location_id, description from hsds_service_at_location where service_id = ${anyOf(ids)} order by id`,
  );
  const locationIds = [...new Set(sals.map((sal) => String(sal.location_id)))];
  const salIds = sals.map((sal) => String(sal.id));
  const organizationIds = [...new Set(services.map((service) => String(service.organization_id)))];
  const [organizations, locations, addresses, accessibility, phones, schedules, languages] = [
    await selectRows<Row>(
      sql`select id, name, alternate_name, description, email, website, tax_status, tax_id, year_incorporated, legal_status, logo, uri, parent_organization_id from hsds_organization where id = ${anyOf(organizationIds)}`,
    ),
    await selectRows<Row>(
      sql`select id, location_type, url, organization_id, name, alternate_name, description, transportation, latitude, longitude, external_identifier, external_identifier_type from hsds_location where id = ${anyOf(locationIds)}`,
    ),
    await selectRows<Row>(
      sql`select id, location_id, attention, address_1, address_2, city, region, state_province, postal_code, country, address_type from hsds_address where location_id = ${anyOf(locationIds)} order by id`,
    ),
    await selectRows<Row>(
      sql`select id, location_id, description, details, url from hsds_accessibility where location_id = ${anyOf(locationIds)} order by id`,
    ),
    await selectRows<Row>(
      sql`select id, service_id, location_id, service_at_location_id, number, extension, type, description from hsds_phone where service_id = ${anyOf(ids)} or location_id = ${anyOf(locationIds)} or service_at_location_id = ${anyOf(salIds)} order by id`,
    ),
    await selectRows<Row>(
      sql`select ${SCHEDULE_COLUMNS} from hsds_schedule where service_id = ${anyOf(ids)} or location_id = ${anyOf(locationIds)} or service_at_location_id = ${anyOf(salIds)} order by id`,
    ),
    await selectRows<Row>(
      sql`select id, service_id, location_id, phone_id, name, code, note from hsds_language where service_id = ${anyOf(ids)} or location_id = ${anyOf(locationIds)} or phone_id in (select id from hsds_phone where service_id = ${anyOf(ids)} or location_id = ${anyOf(locationIds)} or service_at_location_id = ${anyOf(salIds)}) order by id`,
    ),
  ];
  const languagesBy = {
    service: groupBy(languages, "service_id"),
    location: groupBy(languages, "location_id"),
    phone: groupBy(languages, "phone_id"),
  };
  const language = (ownerKey: string) => (row: Row) =>
    present({
      ...row,
      service_id: null,
      location_id: null,
      phone_id: null,
      [ownerKey]: row[ownerKey],
    });
  const phone = (ownerKey: string) => (row: Row) => ({
    ...present({
      ...row,
      service_id: null,
      location_id: null,
      service_at_location_id: null,
      [ownerKey]: row[ownerKey],
    }),
    languages: (languagesBy.phone.get(String(row.id)) ?? []).map(language("phone_id")),
  });
  const schedule = (ownerKey: string) => (row: Row) =>
    present({
      ...row,
      service_id: null,
      location_id: null,
      service_at_location_id: null,
      [ownerKey]: row[ownerKey],
    });
  const phonesBy = {
    service: groupBy(phones, "service_id"),
    location: groupBy(phones, "location_id"),
    sal: groupBy(phones, "service_at_location_id"),
  };
  const schedulesBy = {
    service: groupBy(schedules, "service_id"),
    location: groupBy(schedules, "location_id"),
    sal: groupBy(schedules, "service_at_location_id"),
  };
  const addressesBy = groupBy(addresses, "location_id");
  const accessibilityBy = groupBy(accessibility, "location_id");
  const locationsById = new Map(locations.map((location) => [String(location.id), location]));
  const organizationsById = new Map(
    organizations.map((organization) => [String(organization.id), organization]),
  );
  const salsBy = groupBy(sals, "service_id");
  const capacities = await capacitiesOf(ids);

  const nestedLocation = (row: Row) => {
    const id = String(row.id);
    // Coordinates are exported only when possible ones (an import may have carried others).
    const possible = Math.abs(Number(row.latitude)) <= 90 && Math.abs(Number(row.longitude)) <= 180;
    return {
      ...present(row, possible ? [] : ["latitude", "longitude"]),
      addresses: (addressesBy.get(id) ?? []).map((address) => ({
        ...present(address),
        address_1: address.address_1,
        city: address.city ?? "",
        state_province: address.state_province ?? "",
        postal_code: address.postal_code ?? "",
        country: address.country ?? "",
      })),
      accessibility: (accessibilityBy.get(id) ?? []).map((item) => present(item)),
      phones: (phonesBy.location.get(id) ?? []).map(phone("location_id")),
      schedules: (schedulesBy.location.get(id) ?? []).map(schedule("location_id")),
      languages: (languagesBy.location.get(id) ?? []).map(language("location_id")),
    };
  };

  const byId = new Map(services.map((service) => [String(service.id), service]));
  return ids.flatMap((id) => {
    const service = byId.get(id);
    if (!service) return [];
    const category = String(service.category);
    const termId = stableUuid(`category:${category}`);
    const organization = organizationsById.get(String(service.organization_id));
    return [
      {
        ...present(service, ["category", "last_modified", "minimum_age", "maximum_age"]),
        ...(service.minimum_age !== null ? { minimum_age: Number(service.minimum_age) } : {}),
        ...(service.maximum_age !== null ? { maximum_age: Number(service.maximum_age) } : {}),
        last_modified: new Date(service.last_modified as string).toISOString(),
        organization: organization
          ? { ...present(organization), description: organization.description ?? "" }
          : undefined,
        phones: (phonesBy.service.get(id) ?? []).map(phone("service_id")),
        schedules: (schedulesBy.service.get(id) ?? []).map(schedule("service_id")),
        languages: (languagesBy.service.get(id) ?? []).map(language("service_id")),
        capacities: capacities.get(id) ?? [],
        service_at_locations: (salsBy.get(id) ?? []).map((sal) => ({
          ...present(sal),
          phones: (phonesBy.sal.get(String(sal.id)) ?? []).map(phone("service_at_location_id")),
          schedules: (schedulesBy.sal.get(String(sal.id)) ?? []).map(
            schedule("service_at_location_id"),
          ),
          location: nestedLocation(
            locationsById.get(String(sal.location_id)) ?? { id: sal.location_id },
          ),
        })),
        attributes: [
          {
            id: stableUuid(`attribute:${id}:${category}`),
            link_id: id,
            link_type: "service_category",
            link_entity: "service",
            taxonomy_term_id: termId,
            value: category,
            taxonomy_term: {
              id: termId,
              code: category,
              name: category,
              description: `Houston Home finder category "${category}"`,
              taxonomy: FINDER_TAXONOMY,
            },
          },
        ],
      },
    ];
  });
}

export interface ExportQuery {
  search?: string;
  page: number;
  perPage: number;
  modifiedAfter?: Date;
}

function exportWhere(query: ExportQuery): SQL {
  const conditions: SQL[] = [sql`status = 'active'`];
  for (const word of (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(sql`search_folded like search_fold(${pattern})`);
  }
  if (query.modifiedAfter)
    conditions.push(sql`last_modified >= ${query.modifiedAfter.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

/** A page of active services, shaped as openapi.json's Page with `contents`. */
export async function exportServicesPage(query: ExportQuery) {
  const where = exportWhere(query);
  const [{ total }] = await selectRows<{ total: number }>(
    sql`select count(*)::int as total from hsds_service where ${where}`,
  );
  const ids = await selectRows<{ id: string }>(sql`
    select id from hsds_service where ${where} order by name, id
    limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`);
  const contents = await nest(ids.map((row) => row.id));
  const totalPages = Math.ceil(total / query.perPage);
  return {
    total_items: total,
    total_pages: totalPages,
    page_number: query.page,
    size: contents.length,
    first_page: query.page === 1,
    last_page: query.page >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}

/** One active service, fully nested, or null. */
export async function exportService(id: string): Promise<Json | null> {
  const [row] = await selectRows<{ id: string }>(
    sql`select id from hsds_service where id = ${id} and status = 'active'`,
  );
  if (!row) return null;
  const [service] = await nest([row.id]);
  return service ?? null;
}
