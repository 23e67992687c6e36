/** What staff read about shifts: the upcoming list, a roster, hours served and the two CSVs. */

import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema/shifts";
import { placesCount } from "#app/features/shifts/public-shifts.server";
import { languageName } from "#app/i18n/locales";
import {
  type DateRange,
  formatCsvDate,
  formatDisplayDate,
  withinRange,
} from "#app/lib/admin/dates.server";
import { keysetBatches, mapBatches } from "#app/lib/admin/pagination.server";
import * as clock from "#app/lib/clock.server";
import { LIVE } from "../seats.server";
import { LATE_CANCEL_HOURS } from "./tab";

const counts = { seated: placesCount("taken"), waiting: placesCount("waiting") };

/** Shifts from the start of today on, soonest first, with seats taken and people waiting. */
export async function upcomingForStaff(now: Date = clock.now()) {
  const rows = await db()
    .select({ shift: volunteerShifts, ...counts })
    .from(volunteerShifts)
    .where(gte(volunteerShifts.endsAt, now))
    .orderBy(asc(volunteerShifts.startsAt))
    .limit(300);
  return rows.map(({ shift, seated, waiting }) => ({
    id: shift.id,
    title: shift.titleEn,
    opportunity: shift.opportunity,
    when: formatDisplayDate(shift.startsAt),
    place: shift.place,
    seats: shift.seats,
    seated,
    waiting,
    status: shift.status,
    series: shift.seriesId !== null,
  }));
}

/** Whether a cancellation came less than 24 hours before the shift started. */
export function isLateCancellation(cancelledAt: Date | null, startsAt: Date): boolean {
  return (
    cancelledAt !== null &&
    startsAt.getTime() - cancelledAt.getTime() < LATE_CANCEL_HOURS * 3600_000
  );
}

export async function roster(shiftId: string) {
  const [shift] = await db().select().from(volunteerShifts).where(eq(volunteerShifts.id, shiftId));
  if (!shift) return null;
  const people = await db()
    .select()
    .from(shiftSignups)
    .where(eq(shiftSignups.shiftId, shiftId))
    .orderBy(asc(shiftSignups.position));
  return {
    shift,
    people: people.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email,
      phone: person.phone ?? "",
      status: person.status,
      signedUpAt: formatDisplayDate(person.createdAt),
      attendance: person.attendance,
      lateCancellation: isLateCancellation(person.cancelledAt, shift.startsAt),
      live: (LIVE as readonly string[]).includes(person.status),
    })),
  };
}

/**
 * Hours served per volunteer (by e-mail) in shifts that started in the range and that staff
 * marked attended.
 */
export async function hoursServed(range: DateRange) {
  const hours = sql<number>`sum(extract(epoch from (${volunteerShifts.endsAt} - ${volunteerShifts.startsAt}))) / 3600`;
  const rows = await db()
    .select({
      email: shiftSignups.email,
      name: sql<string>`max(${shiftSignups.name})`,
      shifts: sql<number>`count(*)`.mapWith(Number),
      hours: hours.mapWith(Number),
    })
    .from(shiftSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, shiftSignups.shiftId))
    .where(
      and(eq(shiftSignups.attendance, "attended"), withinRange(volunteerShifts.startsAt, range)),
    )
    .groupBy(shiftSignups.email)
    .orderBy(desc(hours), asc(shiftSignups.email));
  return rows.map((row) => ({ ...row, id: row.email, hours: Math.round(row.hours * 100) / 100 }));
}

export const SHIFT_CSV_COLUMNS = [
  "Title",
  "Spanish title",
  "Opportunity",
  "Starts",
  "Ends",
  "Place",
  "Seats",
  "Seated",
  "Waiting",
  "Waitlist length",
  "Status",
  "Series",
  "Notes",
];

/**
 * Shifts starting in the range, in date order, read in batches like every export
 * (docs/decisions/252-shifts-exports-in-batches.md).
 */
export async function* shiftCsvRows(range: DateRange): AsyncGenerator<string[][]> {
  const batches = keysetBatches(
    [volunteerShifts.startsAt, volunteerShifts.id],
    "asc",
    ({ after, orderBy, limit, keyset }) =>
      db()
        .select({ shift: volunteerShifts, ...counts, keyset })
        .from(volunteerShifts)
        .where(and(withinRange(volunteerShifts.startsAt, range), after))
        .orderBy(...orderBy)
        .limit(limit),
  );
  yield* mapBatches(batches, ({ shift, seated, waiting }) => [
    shift.titleEn,
    shift.titleEs,
    shift.opportunity,
    formatCsvDate(shift.startsAt),
    formatCsvDate(shift.endsAt),
    shift.place,
    String(shift.seats),
    String(seated),
    String(waiting),
    String(shift.waitlistLength),
    shift.status,
    shift.seriesId ?? "",
    shift.notes,
  ]);
}

export const ROSTER_CSV_COLUMNS = [
  "Shift",
  "Starts",
  "Name",
  "Email",
  "Phone",
  "Status",
  "Signed up",
  "Attendance",
  "Late cancellation",
  "Language",
];

/** Everyone signed up for a shift starting in the range, shift by shift in date order. */
export async function* rosterCsvRows(range: DateRange): AsyncGenerator<string[][]> {
  const batches = keysetBatches(
    [volunteerShifts.startsAt, shiftSignups.shiftId, shiftSignups.position],
    "asc",
    ({ after, orderBy, limit, keyset }) =>
      db()
        .select({ shift: volunteerShifts, signup: shiftSignups, keyset })
        .from(shiftSignups)
        .innerJoin(volunteerShifts, eq(volunteerShifts.id, shiftSignups.shiftId))
        .where(and(withinRange(volunteerShifts.startsAt, range), after))
        .orderBy(...orderBy)
        .limit(limit),
  );
  yield* mapBatches(batches, ({ shift, signup }) => [
    shift.titleEn,
    formatCsvDate(shift.startsAt),
    signup.name,
    signup.email,
    signup.phone ?? "",
    signup.status,
    formatCsvDate(signup.createdAt),
    signup.attendance ?? "",
    isLateCancellation(signup.cancelledAt, shift.startsAt) ? "yes" : "",
    languageName(signup.language),
  ]);
}
