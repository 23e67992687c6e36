/**
 * The parts of a finder row read only for the rows shown (docs/decisions/164-finder-query.md):
 * the address, the phones (the place's own, else the service's, else the location's) with their
 * languages, and the languages spoken.
 */
import { type SQL, sql } from "drizzle-orm";
import { anyOf } from "#app/db/id-list";
import type { Place } from "./finder-hours.server";
import type { FinderPhone, FinderRow } from "./finder-types";

interface PhoneRow {
  id: string;
  service_id: string | null;
  location_id: string | null;
  service_at_location_id: string | null;
  number: string;
  extension: number | null;
  type: string | null;
  description: string | null;
}

interface LanguageRow {
  id: string;
  service_id: string | null;
  location_id: string | null;
  phone_id: string | null;
  name: string | null;
  code: string | null;
}

interface AddressRow {
  id: string;
  location_id: string;
  address_1: string;
  address_2: string | null;
  city: string | null;
  state_province: string | null;
  postal_code: string | null;
  address_type: string;
}

function group<Row>(rows: Row[], key: (row: Row) => string | null): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const value = key(row);
    if (value === null) continue;
    const list = groups.get(value);
    if (list) list.push(row);
    else groups.set(value, [row]);
  }
  return groups;
}

/** A language as the pages show it: its code where known ("es"), else its name. */
const languageOf = (row: LanguageRow) => row.code?.trim().toLowerCase() || row.name?.trim() || "";

/** The phones, languages and addresses of some places, each list in the order of its ids. */
export interface DetailRows {
  phones: PhoneRow[];
  languages: LanguageRow[];
  addresses: AddressRow[];
}

/** The queries of the phones, languages and addresses that may belong to `places`. */
export function detailQueries(places: Place[]): Record<keyof DetailRows, SQL> {
  const sals = anyOf(places.map((place) => place.sal_id));
  const services = anyOf(places.map((place) => place.service_id));
  const locations = anyOf(places.map((place) => place.location_id));
  return {
    phones: sql`
      select id, service_id, location_id, service_at_location_id, number, extension, type, description
      from hsds_phone
      where service_at_location_id = ${sals} or service_id = ${services} or location_id = ${locations}`,
    languages: sql`
      select lg.id, lg.service_id, lg.location_id, lg.phone_id, lg.name, lg.code from hsds_language lg
      where lg.service_id = ${services} or lg.location_id = ${locations}
        or lg.phone_id = any(array(select id from hsds_phone where service_id = ${services}
          or service_at_location_id = ${sals} or location_id = ${locations}))`,
    addresses: sql`
      select id, location_id, address_1, address_2, city, state_province, postal_code, address_type
      from hsds_address where location_id = ${locations}`,
  };
}

/** `rows` with their phones, languages spoken and address, found in `details`. */
export function withDetails(rows: FinderRow[], details: DetailRows): FinderRow[] {
  const { phones, languages, addresses } = details;
  const phonesBy = {
    sal: group(phones, (phone) => phone.service_at_location_id),
    service: group(phones, (phone) => phone.service_id),
    location: group(phones, (phone) => phone.location_id),
  };
  const languagesBy = {
    service: group(languages, (language) => language.service_id),
    location: group(languages, (language) => language.location_id),
    phone: group(languages, (language) => language.phone_id),
  };
  const addressesBy = group(addresses, (address) => address.location_id);
  return rows.map((row) => {
    const own =
      phonesBy.sal.get(row.id) ??
      phonesBy.service.get(row.serviceId) ??
      phonesBy.location.get(row.location.id) ??
      [];
    const rowPhones: FinderPhone[] = own.map((phone) => ({
      id: phone.id,
      number: phone.number,
      extension: phone.extension,
      type: phone.type,
      description: phone.description,
      languages: [
        ...new Set((languagesBy.phone.get(phone.id) ?? []).map(languageOf).filter(Boolean)),
      ],
    }));
    const spoken = [
      ...(languagesBy.service.get(row.serviceId) ?? []),
      ...(languagesBy.location.get(row.location.id) ?? []),
    ].map(languageOf);
    const places = addressesBy.get(row.location.id) ?? [];
    const address = places.find((place) => place.address_type === "physical") ?? places[0];
    return {
      ...row,
      phones: rowPhones,
      languages: [...new Set(spoken.filter(Boolean))],
      address: address
        ? {
            address1: address.address_1,
            address2: address.address_2,
            city: address.city,
            stateProvince: address.state_province,
            postalCode: address.postal_code,
          }
        : null,
    };
  });
}
