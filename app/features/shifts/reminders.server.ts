/**
 * Reminders (docs/decisions/240-shift-reminders.md): 48 hours before a shift to everyone seated
 * by then, and the day before (24 hours) to those seated in the last 48 hours but not the last
 * 24. Each is queued in the outbox under a key naming the sign-up, so it goes once, whatever the
 * restarts or the number of processes running this sweep.
 */

import { and, eq, gt, lte } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema/shifts";
import * as clock from "#app/lib/clock.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { reminderMail } from "./mails.server";
import { lapseOffers } from "./places.server";

const HOUR = 3600_000;

async function seatedStartingBy(now: Date, hours: number) {
  return db()
    .select({ shift: volunteerShifts, signup: shiftSignups })
    .from(shiftSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, shiftSignups.shiftId))
    .where(
      and(
        eq(shiftSignups.status, "seated"),
        eq(volunteerShifts.status, "scheduled"),
        gt(volunteerShifts.startsAt, now),
        lte(volunteerShifts.startsAt, new Date(now.getTime() + hours * HOUR)),
      ),
    );
}

/** Queues the reminders now due; returns how many were new. */
export async function queueReminders(now: Date = clock.now()): Promise<number> {
  let queued = 0;
  for (const { shift, signup } of await seatedStartingBy(now, 48)) {
    const mark48 = shift.startsAt.getTime() - 48 * HOUR;
    const mark24 = shift.startsAt.getTime() - 24 * HOUR;
    const seatedAt = signup.createdAt.getTime();
    if (seatedAt <= mark48) {
      if (await enqueueMail(db(), reminderMail(shift, signup, "48h", now))) queued++;
    } else if (seatedAt <= mark24 && now.getTime() >= mark24) {
      if (await enqueueMail(db(), reminderMail(shift, signup, "day", now))) queued++;
    }
  }
  if (queued > 0) kickOutbox();
  return queued;
}

/** One round of the shifts' timed work: lapsed offers pass on, reminders are queued. */
export async function shiftsSweep(now: Date = clock.now()) {
  const lapsed = await lapseOffers(now);
  const reminded = await queueReminders(now);
  return { lapsed, reminded };
}

const SWEEP_MS = 60_000;
let timer: NodeJS.Timeout | undefined;

/** Runs the sweep every minute for as long as the app runs (each process; the keys dedupe). */
export function startShiftsWorker() {
  if (timer) return;
  const round = () =>
    void shiftsSweep().catch((error) => logger.error({ err: error }, "shifts sweep failed"));
  timer = setInterval(round, SWEEP_MS);
  timer.unref();
  round();
}

export function stopShiftsWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
