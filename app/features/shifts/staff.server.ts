/**
 * Staff writes to shifts (docs/decisions/238-shift-series-and-changes.md): a shift or a weekly
 * series in one step; a change or a cancellation of one shift or the rest of its series, which
 * e-mails everyone on each shift (the seated an updated or cancelled calendar entry).
 */

import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerOpportunities, volunteerShifts } from "#app/db/schema/shifts";
import { volunteerOpportunities as builtIn } from "#app/features/shifts/opportunities";
import { serverT } from "#app/i18n/catalogs.server";
import * as clock from "#app/lib/clock.server";
import { fromHoustonLocal } from "#app/lib/houston-calendar";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { shiftsChanged } from "./changes.server";
import { cancelledMail, changedMail, type Shift } from "./mails.server";
import { LIVE, lockShift, offerFreeSeats, type Tx } from "./seats.server";
import { addWeeks, type NewShift, type ShiftFields } from "./shift-input";

/** Every opportunity staff may put shifts on: the page's three, then those staff added. */
export async function opportunityChoices(): Promise<{ slug: string; title: string }[]> {
  const t = serverT("en");
  const added = await db()
    .select()
    .from(volunteerOpportunities)
    .orderBy(asc(volunteerOpportunities.titleEn));
  return [
    ...builtIn.map((item) => ({ slug: item.slug, title: t(item.title) })),
    ...added.map((item) => ({ slug: item.slug, title: item.titleEn })),
  ];
}

export async function addOpportunity(value: { slug: string; titleEn: string; titleEs: string }) {
  if (builtIn.some((item) => item.slug === value.slug)) return false;
  const inserted = await db()
    .insert(volunteerOpportunities)
    .values(value)
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}

/** The instants of a day's start and end in Houston; null when the clock skips that time. */
function instants(day: string, start: string, end: string) {
  const startsAt = fromHoustonLocal(`${day}T${start}`);
  const endsAt = fromHoustonLocal(`${day}T${end}`);
  return startsAt && endsAt && endsAt > startsAt ? { startsAt, endsAt } : null;
}

export type CreateResult = { created: number } | { problem: string };

/** One shift, or the same shift every week for `weeks` weeks, sharing a series id. */
export async function createShifts(
  value: NewShift,
  now: Date = clock.now(),
): Promise<CreateResult> {
  const choices = await opportunityChoices();
  if (!choices.some((choice) => choice.slug === value.opportunity)) {
    return { problem: "Choose an opportunity" };
  }
  const rows = [];
  const seriesId = value.weeks > 1 ? randomUUID() : null;
  for (let week = 0; week < value.weeks; week++) {
    const day = addWeeks(value.day, week);
    const times = instants(day, value.start, value.end);
    if (!times) return { problem: `The times do not exist in Houston on ${day}` };
    if (times.startsAt <= now) return { problem: "A shift cannot start in the past" };
    rows.push({ ...fields(value), day, ...times, opportunity: value.opportunity, seriesId });
  }
  await db().insert(volunteerShifts).values(rows);
  shiftsChanged();
  return { created: rows.length };
}

function fields(value: ShiftFields) {
  return {
    titleEn: value.titleEn,
    titleEs: value.titleEs,
    place: value.place,
    seats: value.seats,
    waitlistLength: value.waitlistLength,
    notes: value.notes,
  };
}

export type Scope = "one" | "rest";

/** The shift, or it and the later shifts of its series that are still scheduled. */
async function targets(id: string, scope: Scope): Promise<string[]> {
  const [shift] = await db().select().from(volunteerShifts).where(eq(volunteerShifts.id, id));
  if (!shift) return [];
  if (scope === "one" || !shift.seriesId) return [shift.id];
  const rest = await db()
    .select({ id: volunteerShifts.id })
    .from(volunteerShifts)
    .where(
      and(
        eq(volunteerShifts.seriesId, shift.seriesId),
        gte(volunteerShifts.startsAt, shift.startsAt),
        eq(volunteerShifts.status, "scheduled"),
      ),
    )
    .orderBy(asc(volunteerShifts.startsAt));
  return rest.map((row) => row.id);
}

/** Raises each live sign-up's SEQUENCE and queues `mail` for it, in the shift's transaction. */
async function tellEveryone(
  tx: Tx,
  shift: Shift,
  mail: (signup: typeof shiftSignups.$inferSelect) => Parameters<typeof enqueueMail>[1],
) {
  const people = await tx
    .update(shiftSignups)
    .set({ sequence: sql`${shiftSignups.sequence} + 1` })
    .where(and(eq(shiftSignups.shiftId, shift.id), inArray(shiftSignups.status, [...LIVE])))
    .returning();
  for (const signup of people) await enqueueMail(tx, mail(signup));
  return people.length;
}

export type ChangeResult = { changed: number } | { problem: string };

/**
 * Changes the shift (or the rest of its series): each keeps its own week, moved by as many days
 * as the first one's date moved. Fewer seats never unseat anyone; more seats are offered to the
 * people waiting.
 */
export async function changeShifts(
  id: string,
  value: ShiftFields,
  scope: Scope,
  now: Date = clock.now(),
): Promise<ChangeResult> {
  const ids = await targets(id, scope);
  if (ids.length === 0) return { problem: "That shift was not found" };
  const result = await db().transaction(async (tx): Promise<ChangeResult> => {
    const [first] = await tx.select().from(volunteerShifts).where(eq(volunteerShifts.id, id));
    const moveDays = Math.round(
      (Date.parse(`${value.day}T00:00:00Z`) - Date.parse(`${first.day}T00:00:00Z`)) / 86_400_000,
    );
    for (const shiftId of ids) {
      const shift = await lockShift(tx, shiftId);
      if (shift?.status !== "scheduled") continue;
      const day = addWeeks(shift.day, moveDays / 7);
      const times = instants(day, value.start, value.end);
      if (!times) return { problem: `The times do not exist in Houston on ${day}` };
      if (times.startsAt <= now) return { problem: "A shift cannot move into the past" };
      const [changed] = await tx
        .update(volunteerShifts)
        .set({ ...fields(value), day, ...times, updatedAt: now })
        .where(eq(volunteerShifts.id, shiftId))
        .returning();
      await tellEveryone(tx, changed, (signup) => changedMail(changed, signup, now));
      await offerFreeSeats(tx, changed, now);
    }
    return { changed: ids.length };
  });
  if ("changed" in result) {
    shiftsChanged();
    kickOutbox();
  }
  return result;
}

/** Cancels the shift (or the rest of its series); everyone on it is told, calendars remove it. */
export async function cancelShifts(id: string, scope: Scope, now: Date = clock.now()) {
  const ids = await targets(id, scope);
  let cancelled = 0;
  await db().transaction(async (tx) => {
    for (const shiftId of ids) {
      const shift = await lockShift(tx, shiftId);
      if (shift?.status !== "scheduled") continue;
      const [gone] = await tx
        .update(volunteerShifts)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(volunteerShifts.id, shiftId))
        .returning();
      await tellEveryone(tx, gone, (signup) =>
        cancelledMail(gone, signup, "staff", signup.status === "seated", now),
      );
      cancelled++;
    }
  });
  if (cancelled > 0) {
    shiftsChanged();
    kickOutbox();
  }
  return cancelled;
}
