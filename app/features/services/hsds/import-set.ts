/**
 * What one import brings (docs/decisions/162-hsds-import.md), how a record is validated with the
 * record and field named on failure, and how one id listed in several places merges.
 */
import type { z } from "zod";
import type {
  AccessibilityRecord,
  AddressRecord,
  LanguageRecord,
  LocationRecord,
  OrganizationRecord,
  PhoneRecord,
  ScheduleRecord,
  ServiceAtLocationRecord,
  ServiceRecord,
} from "./records";

/** An HSDS 3.1 count of a service, with its unit (hsds/capacity-import.ts reads them). */
export interface CapacityImport {
  id: string;
  service_id: string;
  available: number;
  maximum: number | null;
  description: string | null;
  updated: string;
  unit: {
    id: string;
    name: string;
    scheme?: string | null;
    identifier?: string | null;
    uri?: string | null;
  };
}

/** Everything one import brings, by HSDS id: what the writer stores in one transaction. */
export interface ImportSet {
  organizations: Map<string, OrganizationRecord>;
  services: Map<string, ServiceRecord>;
  locations: Map<string, LocationRecord>;
  addresses: Map<string, AddressRecord>;
  accessibility: Map<string, AccessibilityRecord>;
  serviceAtLocations: Map<string, ServiceAtLocationRecord>;
  phones: Map<string, PhoneRecord>;
  schedules: Map<string, ScheduleRecord>;
  languages: Map<string, LanguageRecord>;
  /** HSDS 3.1 counts (JSON only): written when newer than the stored ones, never pruned. */
  capacities: Map<string, CapacityImport>;
}

export function emptyImportSet(): ImportSet {
  return {
    organizations: new Map(),
    services: new Map(),
    locations: new Map(),
    addresses: new Map(),
    accessibility: new Map(),
    serviceAtLocations: new Map(),
    phones: new Map(),
    schedules: new Map(),
    languages: new Map(),
    capacities: new Map(),
  };
}

/** Why a file is refused: the record (kind and id, or file and line) and the field. */
export class ImportError extends Error {}

/**
 * Validates `value` as a record of `kind`, or throws an ImportError naming the record and field:
 * `service "ac14...": email is not an e-mail address`.
 */
export function parseRecord<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  kind: string,
  where: string,
): z.infer<Schema> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ImportError(`${where}: a ${kind} must be an object`);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const id = (value as { id?: unknown }).id;
  const record = typeof id === "string" && id.trim() ? `${kind} "${id.trim()}"` : `a ${kind}`;
  const issue = result.error.issues[0];
  const field = issue.path.join(".") || "record";
  throw new ImportError(`${where}: ${record}: ${field} ${issue.message}`);
}

/**
 * Adds a record that may appear several times in one file (the specification's example lists one
 * phone under the service, its location and its organization): the same id merges, each place
 * adding the parent it names.
 */
export function mergeInto<Row extends { id: string }>(map: Map<string, Row>, row: Row) {
  const known = map.get(row.id);
  if (!known) {
    map.set(row.id, row);
    return;
  }
  const merged: Record<string, unknown> = { ...known };
  for (const [key, value] of Object.entries(row)) if (value !== undefined) merged[key] = value;
  map.set(row.id, merged as Row);
}
