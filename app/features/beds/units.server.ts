/**
 * Staff's changes to what a service counts (docs/decisions/227-beds-tonight.md): a unit added with
 * its first count, a unit removed with its history, the freshness window. Each checked here, kept
 * for the finder and announced to the page cache.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { capacityChanges, hsdsServiceCapacity, hsdsUnit } from "#app/db/schema/beds";
import {
  DESCRIPTION_MAX,
  FRESH_HOURS_MAX,
  FRESH_HOURS_MIN,
  KNOWN_UNITS,
  MAX_COUNT,
} from "#app/features/services/index";
import { bedsChanged } from "./beds.server";
import { lockService, touchService } from "./counts.server";

export const newUnitSchema = z
  .object({
    unit: z.enum(KNOWN_UNITS),
    description: z.string().trim().max(DESCRIPTION_MAX),
    maximum: z.union([z.literal(""), z.coerce.number().int().min(1).max(MAX_COUNT)]),
    available: z.coerce.number().int().min(0).max(MAX_COUNT),
  })
  .refine((unit) => unit.maximum === "" || unit.available <= unit.maximum, {
    path: ["available"],
    message: "above the maximum",
  });

export type NewUnit = z.infer<typeof newUnitSchema>;

/** Adds a count to a service; false when there is no such service. */
export async function addUnit(
  serviceId: string,
  unit: NewUnit,
  staffName: string,
  now: Date,
): Promise<boolean> {
  const done = await db().transaction(async (tx) => {
    if (!(await lockService(tx, serviceId))) return false;
    // The app's units carry their own name as id; an import keeps the file's ids.
    await tx.insert(hsdsUnit).values({ id: unit.unit, name: unit.unit }).onConflictDoNothing();
    const [capacity] = await tx
      .insert(hsdsServiceCapacity)
      .values({
        id: crypto.randomUUID(),
        serviceId,
        unitId: unit.unit,
        available: unit.available,
        maximum: unit.maximum === "" ? null : unit.maximum,
        description: unit.description || null,
        updated: now,
      })
      .returning({ id: hsdsServiceCapacity.id });
    await tx.insert(capacityChanges).values({
      capacityId: capacity.id,
      serviceId,
      available: unit.available,
      changedAt: now,
      source: "staff",
      staffName,
    });
    await touchService(tx, serviceId);
    return true;
  });
  if (done) bedsChanged();
  return done;
}

/** Removes a count and its history; false when the service has no such count. */
export async function removeUnit(serviceId: string, capacityId: string): Promise<boolean> {
  const done = await db().transaction(async (tx) => {
    if (!(await lockService(tx, serviceId))) return false;
    const removed = await tx.execute(sql`delete from hsds_service_capacity
      where id = ${capacityId} and service_id = ${serviceId} returning id`);
    if ((removed as unknown as { rows: unknown[] }).rows.length === 0) return false;
    await touchService(tx, serviceId);
    return true;
  });
  if (done) bedsChanged();
  return done;
}

export const freshHoursSchema = z.coerce.number().int().min(FRESH_HOURS_MIN).max(FRESH_HOURS_MAX);

/** Sets how long the service's counts stay fresh; false when there is no such service. */
export async function setFreshHours(serviceId: string, hours: number): Promise<boolean> {
  if (!freshHoursSchema.safeParse(hours).success) return false;
  const done = await db().transaction(async (tx) => {
    if (!(await lockService(tx, serviceId))) return false;
    await tx.execute(
      sql`update hsds_service set capacity_fresh_hours = ${hours} where id = ${serviceId}`,
    );
    await touchService(tx, serviceId);
    return true;
  });
  if (done) bedsChanged();
  return done;
}
