/**
 * Counts read from an HSDS JSON service's `capacities` (HSDS 3.1 `service_capacity` with its
 * nested `unit`; docs/decisions/230-hsds-capacity.md). A count is written only when it is newer
 * than the stored one, so re-importing an older file never undoes an update made since; counts a
 * file leaves out are kept. Tabular (CSV) files carry none.
 */
import { z } from "zod";
import { MAX_COUNT } from "#app/features/services/capacity";
import { type CapacityImport, ImportError, parseRecord } from "./import-set";
import { hsdsIdSchema } from "./records";

const optionalText = z.string().trim().max(500).nullish();

const unitRecord = z.object({
  id: hsdsIdSchema,
  name: z.string({ error: "is missing" }).trim().min(1, "is empty").max(100),
  scheme: optionalText,
  identifier: optionalText,
  uri: optionalText,
});

const count = z.number({ error: "is not a number" }).int("is not a whole number").min(0);

const capacityRecord = z.object({
  id: hsdsIdSchema,
  available: count.max(MAX_COUNT),
  maximum: count.min(1).max(MAX_COUNT).nullish(),
  description: optionalText,
  updated: z.iso.datetime({ offset: true, error: "is not a date-time" }),
  unit: unitRecord,
});

/** The counts nested in a service of a JSON file, each naming its service. */
export function capacitiesIn(
  value: unknown,
  serviceId: string,
  owner: string,
  where: string,
): CapacityImport[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ImportError(`${where}: ${owner}: capacities must be a list`);
  return value.map((item) => {
    const record = parseRecord(capacityRecord, item, "service_capacity", where);
    return {
      id: record.id,
      service_id: serviceId,
      available: record.available,
      maximum: record.maximum ?? null,
      description: record.description || null,
      updated: record.updated,
      unit: record.unit,
    };
  });
}
