/**
 * Setting a count (docs/decisions/227-beds-tonight.md): a whole number from 0 to the unit's
 * maximum (or 9,999), of a unit of the service the link or staff page is about, at most once a
 * second per service; every change kept with its moment and who made it.
 */
import { sql } from "drizzle-orm";
import { type Database, db, selectRows } from "#app/db/client.server";
import { capacityChanges } from "#app/db/schema/beds";
import { countLimit } from "#app/features/services/index";
import { refreshPlacesUntil } from "#app/features/services/index.server";
import { bedsChanged } from "./beds.server";

/** An open transaction on the app's database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ChangeSource = "link" | "staff";

export interface CountChange {
  serviceId: string;
  capacityId: string;
  available: number;
  source: ChangeSource;
  /** The staff member's name when staff changed it. */
  staffName?: string | null;
  now: Date;
}

export type CountResult = { ok: true } | { ok: false; reason: "notFound" | "range" | "tooSoon" };

/** Two changes of one service closer than this are one too many (a double tap, a script). */
export const MIN_CHANGE_GAP_MS = 1000;

/**
 * Locks the service's row for the rest of the transaction, so two changes of one service are
 * checked one after the other; false when there is no such service.
 */
export async function lockService(tx: Tx, serviceId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    sql`select id from hsds_service where id = ${serviceId} for update`,
    tx,
  );
  return rows.length > 0;
}

/**
 * Whether the service's last change was less than a second ago, on the finder's clock (either
 * side of `now`) and on the database's: both are the same clock in production, while tests move
 * the first (integration) or hold it still (end to end, docs/decisions/228-bed-update-links.md).
 */
async function tooSoon(tx: Tx, serviceId: string, now: Date): Promise<boolean> {
  const [last] = await selectRows<{ at: string | null; recent: boolean | null }>(
    sql`select max(changed_at)::text as at,
        bool_or(recorded_at > now() - ${`${MIN_CHANGE_GAP_MS} milliseconds`}::interval) as recent
      from capacity_changes where service_id = ${serviceId}`,
    tx,
  );
  if (!last?.at || !last.recent) return false;
  return Math.abs(now.getTime() - new Date(last.at).getTime()) < MIN_CHANGE_GAP_MS;
}

/**
 * After a write to a service's counts or window, in the same transaction: its places kept for the
 * finder, and its `last_modified` bumped so other processes drop their finder pages.
 */
export async function touchService(tx: Tx, serviceId: string) {
  await refreshPlacesUntil(tx, [serviceId]);
  await tx.execute(sql`update hsds_service set last_modified = now() where id = ${serviceId}`);
}

export async function setCount(change: CountChange): Promise<CountResult> {
  const { serviceId, capacityId, available, now } = change;
  const result = await db().transaction(async (tx): Promise<CountResult> => {
    if (!(await lockService(tx, serviceId))) return { ok: false, reason: "notFound" };
    const [unit] = await selectRows<{ maximum: number | null }>(
      sql`select maximum from hsds_service_capacity
        where id = ${capacityId} and service_id = ${serviceId}`,
      tx,
    );
    if (!unit) return { ok: false, reason: "notFound" };
    if (!Number.isSafeInteger(available) || available < 0 || available > countLimit(unit.maximum)) {
      return { ok: false, reason: "range" };
    }
    if (await tooSoon(tx, serviceId, now)) return { ok: false, reason: "tooSoon" };
    await tx.execute(sql`update hsds_service_capacity set available = ${available},
      updated = ${now.toISOString()} where id = ${capacityId}`);
    await tx.insert(capacityChanges).values({
      capacityId,
      serviceId,
      available,
      changedAt: now,
      source: change.source,
      staffName: change.source === "staff" ? (change.staffName ?? null) : null,
    });
    await touchService(tx, serviceId);
    return { ok: true };
  });
  if (result.ok) bedsChanged();
  return result;
}

/** A count as the update page and the staff page show it, with its last change. */
export interface CountRow {
  id: string;
  unitName: string;
  description: string | null;
  available: number;
  maximum: number | null;
  updated: Date;
  freshHours: number;
  lastSource: string | null;
  lastStaffName: string | null;
}

export async function countsOf(serviceId: string): Promise<CountRow[]> {
  const rows = await selectRows<{
    id: string;
    unit_name: string;
    description: string | null;
    available: number;
    maximum: number | null;
    updated: string;
    fresh_hours: number;
    last_source: string | null;
    last_staff_name: string | null;
  }>(sql`select c.id, u.name as unit_name, c.description, c.available, c.maximum,
      c.updated::text as updated, s.capacity_fresh_hours as fresh_hours,
      last.source as last_source, last.staff_name as last_staff_name
    from hsds_service_capacity c
      join hsds_unit u on u.id = c.unit_id
      join hsds_service s on s.id = c.service_id
      left join lateral (select ch.source, ch.staff_name from capacity_changes ch
        where ch.capacity_id = c.id order by ch.changed_at desc, ch.recorded_at desc limit 1) last on true
    where c.service_id = ${serviceId}
    order by c.description nulls first, c.id`);
  return rows.map((row) => ({
    id: row.id,
    unitName: row.unit_name,
    description: row.description,
    available: row.available,
    maximum: row.maximum,
    updated: new Date(row.updated),
    freshHours: row.fresh_hours,
    lastSource: row.last_source,
    lastStaffName: row.last_staff_name,
  }));
}

export interface ChangeRow {
  capacityId: string;
  description: string | null;
  unitName: string;
  available: number;
  changedAt: Date;
  source: string;
  staffName: string | null;
}

/** The service's changes, newest first (`limit` of them). */
export async function changesOf(serviceId: string, limit = 100): Promise<ChangeRow[]> {
  const rows = await selectRows<{
    capacity_id: string;
    description: string | null;
    unit_name: string;
    available: number;
    changed_at: string;
    source: string;
    staff_name: string | null;
  }>(sql`select ch.capacity_id, c.description, u.name as unit_name, ch.available,
      ch.changed_at::text as changed_at, ch.source, ch.staff_name
    from capacity_changes ch
      join hsds_service_capacity c on c.id = ch.capacity_id
      join hsds_unit u on u.id = c.unit_id
    where ch.service_id = ${serviceId}
    order by ch.changed_at desc, ch.recorded_at desc limit ${limit}`);
  return rows.map((row) => ({
    capacityId: row.capacity_id,
    description: row.description,
    unitName: row.unit_name,
    available: row.available,
    changedAt: new Date(row.changed_at),
    source: row.source,
    staffName: row.staff_name,
  }));
}
