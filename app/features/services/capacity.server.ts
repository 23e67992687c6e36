/**
 * The finder's "places until" of services (app/db/schema/services.ts `places_until`): the latest
 * moment one of their counts above 0 is still fresh. Kept by every writer of counts or windows (the
 * beds feature, the HSDS import) in its transaction, so the finder filters and orders on one
 * column (docs/decisions/227-beds-tonight.md).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";

type Runner = Pick<Database, "execute">;

export async function refreshPlacesUntil(runner: Runner, serviceIds: string[]): Promise<void> {
  if (serviceIds.length === 0) return;
  await runner.execute(sql`update hsds_service s set places_until = (
      select max(c.updated + make_interval(hours => s.capacity_fresh_hours))
      from hsds_service_capacity c where c.service_id = s.id and c.available > 0)
    where s.id = ${anyOf(serviceIds)}`);
}
