/**
 * The service finder's tables, shaped like Open Referral's HSDS 3.0 so a directory can be imported
 * and exported without loss (docs/decisions/160-hsds-tables.md). Ids are the HSDS ids (text, UUIDs
 * in practice) kept from the import. Table names start with `hsds_` so they never meet another
 * library's `organization` or `location` table.
 */
import { sql } from "drizzle-orm";
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Shared with app/db/schema/services-details.ts. */
export const hsdsId = () => text("id").primaryKey();
const lastModified = () =>
  timestamp("last_modified", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const cascade = { onDelete: "cascade" } as const;

/** The finder's categories (docs/decisions/170-the-finder-page.md); imports map HSDS taxonomy terms onto them. */
export const serviceCategories = [
  "shelter",
  "food",
  "showers",
  "clinic",
  "warming-center",
  "cooling-center",
  "legal",
  "jobs",
  "other",
] as const;
export type ServiceCategory = (typeof serviceCategories)[number];

export const hsdsOrganization = pgTable("hsds_organization", {
  id: hsdsId(),
  name: text("name").notNull(),
  alternateName: text("alternate_name"),
  description: text("description").notNull().default(""),
  email: text("email"),
  website: text("website"),
  taxStatus: text("tax_status"),
  taxId: text("tax_id"),
  yearIncorporated: integer("year_incorporated"),
  legalStatus: text("legal_status"),
  logo: text("logo"),
  uri: text("uri"),
  /** Not a foreign key: files name parents they do not include. */
  parentOrganizationId: text("parent_organization_id"),
  lastModified: lastModified(),
});

export const hsdsService = pgTable(
  "hsds_service",
  {
    id: hsdsId(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => hsdsOrganization.id),
    programId: text("program_id"),
    name: text("name").notNull(),
    nameEs: text("name_es"),
    alternateName: text("alternate_name"),
    description: text("description"),
    descriptionEs: text("description_es"),
    /** One of serviceCategories. */
    category: text("category").notNull().default("other"),
    url: text("url"),
    email: text("email"),
    /** HSDS: active, inactive, defunct or temporarily closed; the finder lists only active. */
    status: text("status").notNull().default("active"),
    interpretationServices: text("interpretation_services"),
    applicationProcess: text("application_process"),
    feesDescription: text("fees_description"),
    eligibilityDescription: text("eligibility_description"),
    eligibilityDescriptionEs: text("eligibility_description_es"),
    minimumAge: integer("minimum_age"),
    maximumAge: integer("maximum_age"),
    accreditations: text("accreditations"),
    licenses: text("licenses"),
    alert: text("alert"),
    /** "Last verified" on the finder; HSDS calls it assured_date. */
    lastVerified: date("last_verified", { mode: "string" }),
    assurerEmail: text("assurer_email"),
    /**
     * Parts of the HSDS service the finder does not model (attributes, contacts, service_areas,
     * cost_options...), kept as imported so nothing is lost.
     */
    extra: jsonb("extra").$type<Record<string, unknown>>(),
    /**
     * What `q` matches (docs/decisions/160-hsds-tables.md): the service's names and descriptions
     * in both languages and its organization's name, kept by the code that writes a service.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * `search_text` and `name` folded like the library's search (drizzle/0003_search_indexes.sql),
     * kept by the database: folding on every read cost the finder most of its time on PGlite
     * (docs/decisions/184-stored-opening-status.md).
     */
    searchFolded: text("search_folded").generatedAlwaysAs(sql`search_fold(search_text)`),
    nameFolded: text("name_folded").generatedAlwaysAs(sql`search_fold(name)`),
    /** The eligibility texts of both languages folded, for the finder's `for`. */
    eligibilityFolded: text("eligibility_folded").generatedAlwaysAs(
      sql`search_fold(coalesce(eligibility_description, '') || E'\n' || coalesce(eligibility_description_es, ''))`,
    ),
    /** How long a capacity count stays true (app/db/schema/beds.ts); older, the finder says "call". */
    capacityFreshHours: integer("capacity_fresh_hours").notNull().default(6),
    /**
     * Until when the service has places: the latest moment a count above 0 is still fresh, kept by
     * app/features/services/capacity.server.ts on every count or window written, so the finder's filter and
     * order read one column (docs/decisions/227-beds-tonight.md). Null: no places known.
     */
    placesUntil: timestamp("places_until", { withTimezone: true, mode: "string" }),
    /** Set on every change; the export's `modified_after` reads it. */
    lastModified: lastModified(),
  },
  (t) => [
    index("hsds_service_status_category_idx").on(t.status, t.category),
    index("hsds_service_organization_idx").on(t.organizationId),
    index("hsds_service_last_modified_idx").on(t.lastModified),
    // "Is there any place tonight?" before the finder's query (finder-capacity.server.ts anyPlacesAt).
    index("hsds_service_places_until_idx").on(t.placesUntil),
    index("hsds_service_search_folded_trgm_idx").using("gin", sql`${t.searchFolded} gin_trgm_ops`),
  ],
);

export const hsdsLocation = pgTable(
  "hsds_location",
  {
    id: hsdsId(),
    organizationId: text("organization_id").references(() => hsdsOrganization.id),
    /** physical, postal or virtual. */
    locationType: text("location_type").notNull().default("physical"),
    url: text("url"),
    name: text("name"),
    alternateName: text("alternate_name"),
    description: text("description"),
    transportation: text("transportation"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    externalIdentifier: text("external_identifier"),
    externalIdentifierType: text("external_identifier_type"),
    lastModified: lastModified(),
  },
  (t) => [index("hsds_location_organization_idx").on(t.organizationId)],
);

/** HSDS keeps addresses apart from locations: a location may have a physical and a postal one. */
export const hsdsAddress = pgTable(
  "hsds_address",
  {
    id: hsdsId(),
    locationId: text("location_id")
      .notNull()
      .references(() => hsdsLocation.id, cascade),
    attention: text("attention"),
    address1: text("address_1").notNull(),
    address2: text("address_2"),
    city: text("city"),
    region: text("region"),
    stateProvince: text("state_province"),
    postalCode: text("postal_code"),
    country: text("country"),
    /** physical, postal or virtual. */
    addressType: text("address_type").notNull().default("physical"),
  },
  (t) => [index("hsds_address_location_idx").on(t.locationId)],
);

export const hsdsAccessibility = pgTable(
  "hsds_accessibility",
  {
    id: hsdsId(),
    locationId: text("location_id")
      .notNull()
      .references(() => hsdsLocation.id, cascade),
    description: text("description"),
    details: text("details"),
    url: text("url"),
  },
  (t) => [index("hsds_accessibility_location_idx").on(t.locationId)],
);

/** The row the finder lists: one service at one place. */
export const hsdsServiceAtLocation = pgTable(
  "hsds_service_at_location",
  {
    id: hsdsId(),
    serviceId: text("service_id")
      .notNull()
      .references(() => hsdsService.id, cascade),
    locationId: text("location_id")
      .notNull()
      .references(() => hsdsLocation.id, cascade),
    description: text("description"),
    /**
     * The opening status kept for the finder's order and "open now"
     * (docs/decisions/184-stored-opening-status.md): statusSortKey of the place's hours, right
     * from `status_from` until `status_until` (the next opening, closing or Houston midnight;
     * 'infinity' without readable hours). Triggers of drizzle/0006_finder_status.sql set
     * `status_until` to '-infinity' and bump `status_version` when the hours may have changed.
     */
    statusSort: doublePrecision("status_sort"),
    statusFrom: timestamp("status_from", { withTimezone: true, mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
    statusUntil: timestamp("status_until", { withTimezone: true, mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
    statusVersion: integer("status_version").notNull().default(0),
  },
  (t) => [
    index("hsds_service_at_location_service_idx").on(t.serviceId),
    index("hsds_service_at_location_location_idx").on(t.locationId),
    index("hsds_service_at_location_status_until_idx").on(t.statusUntil),
    index("hsds_service_at_location_status_from_idx").on(t.statusFrom),
    // The finder's order starts with the stored status: read in that order, the first rows
    // shown are found without sorting every place (docs/decisions/202-finder-order-index.md).
    index("hsds_service_at_location_status_sort_idx").on(t.statusSort),
  ],
);
