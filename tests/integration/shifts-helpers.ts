/** Shifts made straight in the database for the shifts test files, and their queued mail. */
import { asc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { expect } from "vitest";
import { db } from "#app/db/client.server";
import { mailOutbox, shiftSignups, volunteerShifts } from "#app/db/schema";
import { toHoustonLocal } from "#app/lib/houston-calendar";

export const HOUR = 3600_000;

/** A scheduled shift starting `hoursAhead` from now, three hours long. */
export async function insertShift(
  values: Partial<typeof volunteerShifts.$inferInsert> & { hoursAhead?: number } = {},
) {
  const { hoursAhead = 240, ...rest } = values;
  const startsAt = new Date(Date.now() + hoursAhead * HOUR);
  const [row] = await db()
    .insert(volunteerShifts)
    .values({
      opportunity: "meal-service",
      titleEn: "Breakfast line",
      titleEs: "Fila del desayuno",
      // The shift's day on Houston's calendar, as staff set it (not UTC's, a day ahead each evening).
      day: toHoustonLocal(startsAt).slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * HOUR),
      place: "1234 Main Street, Houston",
      seats: 2,
      waitlistLength: 2,
      ...rest,
    })
    .returning();
  return row;
}

export const signupsOf = (shiftId: string) =>
  db()
    .select()
    .from(shiftSignups)
    .where(eq(shiftSignups.shiftId, shiftId))
    .orderBy(asc(shiftSignups.position));

export const mailsOfKind = (kind: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, kind))
    .orderBy(asc(mailOutbox.createdAt));

/** The calendar and event of a queued mail's .ics, parsed by ical.js. */
export function calendarOf(mail: typeof mailOutbox.$inferSelect) {
  const attachment = mail.attachments?.[0];
  expect(attachment?.contentType).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate(),
    summary: event.getFirstPropertyValue("summary"),
    location: event.getFirstPropertyValue("location"),
    description: String(event.getFirstPropertyValue("description")),
    stamp: event.getFirstPropertyValue("dtstamp"),
  };
}
