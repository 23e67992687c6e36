/**
 * HSDS 3.0 JSON to an ImportSet (docs/decisions/162-hsds-import.md): an array of services, an API
 * page `{ "contents": [...] }`, or one service, each with its nested organization, phones,
 * schedules, languages and service_at_locations (with location, addresses, accessibility, phones,
 * schedules, languages). A nested record needs no parent id: its place in the file names it.
 */
import { capacitiesIn } from "./capacity-import";
import { categoryOfService } from "./categories";
import { emptyImportSet, ImportError, type ImportSet, mergeInto, parseRecord } from "./import-set";
import {
  accessibilityRecord,
  addressRecord,
  languageRecord,
  locationRecord,
  organizationRecord,
  phoneRecord,
  scheduleRecord,
  serviceAtLocationRecord,
  serviceRecord,
} from "./records";

type Json = Record<string, unknown>;

/** Service fields the finder models; the rest is kept in `extra`. */
const MODELLED_SERVICE_FIELDS = new Set([
  ...Object.keys(serviceRecord.shape),
  "organization",
  "phones",
  "schedules",
  "service_at_locations",
  "languages",
  "capacities",
  "last_modified",
]);

function listOf(owner: string, value: unknown, field: string, where: string): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ImportError(`${where}: ${owner}: ${field} must be a list`);
  return value.map((item, index) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      throw new ImportError(`${where}: ${owner}: ${field}[${index}] must be an object`);
    }
    return item as Json;
  });
}

function objectOf(owner: string, value: unknown, field: string, where: string): Json | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ImportError(`${where}: ${owner}: ${field} must be an object`);
  }
  return value as Json;
}

/** The services of a parsed HSDS JSON document. */
function servicesIn(document: unknown, where: string): Json[] {
  if (Array.isArray(document)) return listOf("the file", document, "services", where);
  if (typeof document === "object" && document !== null) {
    const page = document as Json;
    if ("contents" in page) return listOf("the page", page.contents, "contents", where);
    if ("name" in page && "id" in page) return [page];
  }
  throw new ImportError(
    `${where}: not HSDS services: expected a list of services, a page with "contents", or one service`,
  );
}

export function importSetFromJson(document: unknown, where: string): ImportSet {
  const set = emptyImportSet();
  const services = servicesIn(document, where);
  if (services.length === 0) throw new ImportError(`${where}: the file has no services`);
  for (const service of services) addService(set, service, where);
  return set;
}

function addService(set: ImportSet, raw: Json, where: string) {
  const record = parseRecord(serviceRecord, raw, "service", where);
  const owner = `service "${record.id}"`;
  const organization = objectOf(owner, raw.organization, "organization", where);
  if (organization) {
    const org = parseRecord(organizationRecord, organization, "organization", where);
    mergeInto(set.organizations, org);
    record.organization_id = org.id;
    for (const phone of listOf(`organization "${org.id}"`, organization.phones, "phones", where)) {
      addPhone(set, phone, { organization_id: org.id }, where);
    }
    for (const location of listOf(
      `organization "${org.id}"`,
      organization.locations,
      "locations",
      where,
    )) {
      addLocation(set, location, { organization_id: org.id }, where);
    }
  }
  if (!record.organization_id) {
    throw new ImportError(
      `${where}: ${owner}: organization_id is missing (and no organization is nested)`,
    );
  }
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!MODELLED_SERVICE_FIELDS.has(key) && value !== undefined) extra[key] = value;
  }
  mergeInto(set.services, {
    ...record,
    category: categoryOfService(raw),
    extra: Object.keys(extra).length ? extra : undefined,
  });
  addReachAndHours(set, raw, { service_id: record.id }, owner, where);
  for (const capacity of capacitiesIn(raw.capacities, record.id, owner, where)) {
    set.capacities.set(capacity.id, capacity);
  }
  for (const sal of listOf(owner, raw.service_at_locations, "service_at_locations", where)) {
    addServiceAtLocation(set, sal, record.id, where);
  }
}

function addServiceAtLocation(set: ImportSet, raw: Json, serviceId: string, where: string) {
  const record = parseRecord(
    serviceAtLocationRecord,
    { ...raw, service_id: serviceId },
    "service_at_location",
    where,
  );
  const owner = `service_at_location "${record.id}"`;
  const location = objectOf(owner, raw.location, "location", where);
  if (location) record.location_id = addLocation(set, location, {}, where);
  if (!record.location_id) {
    throw new ImportError(`${where}: ${owner}: location_id is missing (and no location is nested)`);
  }
  mergeInto(set.serviceAtLocations, record);
  const parent = { service_at_location_id: record.id };
  for (const phone of listOf(owner, raw.phones, "phones", where))
    addPhone(set, phone, parent, where);
  for (const schedule of listOf(owner, raw.schedules, "schedules", where)) {
    mergeInto(
      set.schedules,
      parseRecord(scheduleRecord, { ...schedule, ...parent }, "schedule", where),
    );
  }
}

/** The phones, schedules and languages nested in a service or a location, tied to it. */
function addReachAndHours(set: ImportSet, raw: Json, parent: Json, owner: string, where: string) {
  for (const phone of listOf(owner, raw.phones, "phones", where))
    addPhone(set, phone, parent, where);
  for (const schedule of listOf(owner, raw.schedules, "schedules", where)) {
    mergeInto(
      set.schedules,
      parseRecord(scheduleRecord, { ...schedule, ...parent }, "schedule", where),
    );
  }
  for (const language of listOf(owner, raw.languages, "languages", where)) {
    mergeInto(
      set.languages,
      parseRecord(languageRecord, { ...language, ...parent }, "language", where),
    );
  }
}

/** Adds a location and what it nests; returns its id. */
function addLocation(set: ImportSet, raw: Json, parent: Json, where: string): string {
  const record = parseRecord(locationRecord, { ...parent, ...raw }, "location", where);
  mergeInto(set.locations, record);
  const owner = `location "${record.id}"`;
  const child = { location_id: record.id };
  for (const address of listOf(owner, raw.addresses, "addresses", where)) {
    mergeInto(
      set.addresses,
      parseRecord(addressRecord, { ...address, ...child }, "address", where),
    );
  }
  for (const item of listOf(owner, raw.accessibility, "accessibility", where)) {
    mergeInto(
      set.accessibility,
      parseRecord(accessibilityRecord, { ...item, ...child }, "accessibility", where),
    );
  }
  addReachAndHours(set, raw, child, owner, where);
  return record.id;
}

function addPhone(set: ImportSet, raw: Json, parent: Json, where: string) {
  const record = parseRecord(phoneRecord, { ...raw, ...parent }, "phone", where);
  mergeInto(set.phones, record);
  const owner = `phone "${record.id}"`;
  for (const language of listOf(owner, raw.languages, "languages", where)) {
    mergeInto(
      set.languages,
      parseRecord(languageRecord, { ...language, phone_id: record.id }, "language", where),
    );
  }
}
