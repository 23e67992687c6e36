/**
 * Each exported service's live counts in HSDS 3.1's shape (docs/decisions/230-hsds-capacity.md):
 * `capacities`, a list of `service_capacity` objects (id, service_id, unit_id, available, maximum,
 * description, updated) each with its nested `unit` (id, name, scheme, identifier, uri). The rest
 * of the export is HSDS 3.0 (docs/decisions/166-hsds-export.md): this is its one 3.1 field.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";

type Json = Record<string, unknown>;

interface CapacityExportRow {
  id: string;
  service_id: string;
  unit_id: string;
  available: number;
  maximum: number | null;
  description: string | null;
  updated: string;
  unit_name: string;
  scheme: string | null;
  identifier: string | null;
  uri: string | null;
}

/** A copy of `fields` without its empty values (HSDS fields are never null). */
function withoutEmpty(fields: Json): Json {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== ""),
  );
}

/** The `capacities` of each of `serviceIds`, by service id. */
export async function capacitiesOf(serviceIds: string[]): Promise<Map<string, Json[]>> {
  const rows = await selectRows<CapacityExportRow>(sql`
    select c.id, c.service_id, c.unit_id, c.available, c.maximum, c.description,
      c.updated::text as updated, u.name as unit_name, u.scheme, u.identifier, u.uri
    from hsds_service_capacity c join hsds_unit u on u.id = c.unit_id
    where c.service_id = ${anyOf(serviceIds)} order by c.id`);
  const byService = new Map<string, Json[]>();
  for (const row of rows) {
    const capacity = {
      ...withoutEmpty({
        id: row.id,
        service_id: row.service_id,
        unit_id: row.unit_id,
        available: row.available,
        maximum: row.maximum,
        description: row.description,
        updated: new Date(row.updated).toISOString(),
      }),
      unit: withoutEmpty({
        id: row.unit_id,
        name: row.unit_name,
        scheme: row.scheme,
        identifier: row.identifier,
        uri: row.uri,
      }),
    };
    byService.set(row.service_id, [...(byService.get(row.service_id) ?? []), capacity]);
  }
  return byService;
}
