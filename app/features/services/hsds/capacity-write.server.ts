/** Writes an import's counts (capacity-import.ts) in the import's transaction. */
import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { refreshPlacesUntil } from "#app/features/services/capacity.server";
import type { CapacityImport } from "./import-set";

type Runner = Pick<Database, "execute">;

export async function writeCapacities(tx: Runner, capacities: CapacityImport[]): Promise<void> {
  if (capacities.length === 0) return;
  for (const capacity of capacities) {
    const { unit } = capacity;
    await tx.execute(sql`insert into hsds_unit (id, name, scheme, identifier, uri)
      values (${unit.id}, ${unit.name}, ${unit.scheme ?? null}, ${unit.identifier ?? null}, ${unit.uri ?? null})
      on conflict (id) do update set name = excluded.name, scheme = excluded.scheme,
        identifier = excluded.identifier, uri = excluded.uri`);
    // A stored count set after the file's stays: an older file never undoes a newer update.
    const written = await tx.execute(sql`insert into hsds_service_capacity
        (id, service_id, unit_id, available, maximum, description, updated)
      values (${capacity.id}, ${capacity.service_id}, ${unit.id}, ${capacity.available},
        ${capacity.maximum}, ${capacity.description}, ${capacity.updated}::timestamptz)
      on conflict (id) do update set service_id = excluded.service_id, unit_id = excluded.unit_id,
        available = excluded.available, maximum = excluded.maximum,
        description = excluded.description, updated = excluded.updated
      where hsds_service_capacity.updated < excluded.updated
      returning id`);
    if ((written as unknown as { rows: unknown[] }).rows.length > 0) {
      await tx.execute(sql`insert into capacity_changes
          (capacity_id, service_id, available, changed_at, source)
        values (${capacity.id}, ${capacity.service_id}, ${capacity.available},
          ${capacity.updated}::timestamptz, 'import')`);
    }
  }
  await refreshPlacesUntil(tx, [...new Set(capacities.map((capacity) => capacity.service_id))]);
}
