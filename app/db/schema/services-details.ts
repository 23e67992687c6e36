import { sql } from "drizzle-orm";
import { date, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import {
  cascade,
  hsdsId,
  hsdsLocation,
  hsdsOrganization,
  hsdsService,
  hsdsServiceAtLocation,
} from "./services";

/**
 * The HSDS rows that hang off a service, a location or a service at location: phones, opening
 * hours and languages (docs/decisions/160-hsds-tables.md); app/db/schema.ts re-exports them.
 */

/**
 * A phone of a service, location, organization or service at location. The same HSDS id may be
 * listed under several of them in one file; the import merges those into one row.
 */
export const hsdsPhone = pgTable(
  "hsds_phone",
  {
    id: hsdsId(),
    serviceId: text("service_id").references(() => hsdsService.id, cascade),
    locationId: text("location_id").references(() => hsdsLocation.id, cascade),
    organizationId: text("organization_id").references(() => hsdsOrganization.id, cascade),
    serviceAtLocationId: text("service_at_location_id").references(
      () => hsdsServiceAtLocation.id,
      cascade,
    ),
    number: text("number").notNull(),
    extension: integer("extension"),
    /** HSDS: text, voice, fax, cell, video, pager, textphone (the finder adds hotline). */
    type: text("type"),
    description: text("description"),
  },
  (t) => [
    index("hsds_phone_service_idx").on(t.serviceId),
    index("hsds_phone_location_idx").on(t.locationId),
    index("hsds_phone_service_at_location_idx").on(t.serviceAtLocationId),
  ],
);

/**
 * Opening hours as HSDS (RFC 5545 terms): the finder reads freq WEEKLY with byday, opens_at and
 * closes_at in Houston time, valid_from/valid_to; other rules are kept and exported as they came.
 */
export const hsdsSchedule = pgTable(
  "hsds_schedule",
  {
    id: hsdsId(),
    serviceId: text("service_id").references(() => hsdsService.id, cascade),
    locationId: text("location_id").references(() => hsdsLocation.id, cascade),
    serviceAtLocationId: text("service_at_location_id").references(
      () => hsdsServiceAtLocation.id,
      cascade,
    ),
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    dtstart: date("dtstart", { mode: "string" }),
    timezone: doublePrecision("timezone"),
    until: date("until", { mode: "string" }),
    count: integer("count"),
    wkst: text("wkst"),
    freq: text("freq"),
    interval: integer("interval"),
    byday: text("byday"),
    byweekno: text("byweekno"),
    bymonthday: text("bymonthday"),
    byyearday: text("byyearday"),
    description: text("description"),
    /** "HH:MM:SS", Houston time. */
    opensAt: text("opens_at"),
    closesAt: text("closes_at"),
    scheduleLink: text("schedule_link"),
    attendingType: text("attending_type"),
    notes: text("notes"),
  },
  (t) => [
    index("hsds_schedule_service_idx").on(t.serviceId),
    index("hsds_schedule_location_idx").on(t.locationId),
    index("hsds_schedule_service_at_location_idx").on(t.serviceAtLocationId),
  ],
);

/** A language spoken at a service, location or on a phone (HSDS `language`). */
export const hsdsLanguage = pgTable(
  "hsds_language",
  {
    id: hsdsId(),
    serviceId: text("service_id").references(() => hsdsService.id, cascade),
    locationId: text("location_id").references(() => hsdsLocation.id, cascade),
    phoneId: text("phone_id").references(() => hsdsPhone.id, cascade),
    name: text("name"),
    /** ISO 639 code such as "es". */
    code: text("code"),
    note: text("note"),
  },
  (t) => [
    // The finder's `lang` (docs/decisions/164-finder-query.md): a code, or a name folded.
    index("hsds_language_code_lower_idx").on(sql`lower(${t.code})`),
    index("hsds_language_name_folded_idx").on(sql`search_fold(${t.name})`),
    index("hsds_language_service_idx").on(t.serviceId),
    index("hsds_language_location_idx").on(t.locationId),
    index("hsds_language_phone_idx").on(t.phoneId),
  ],
);
