/**
 * Seats and the waitlist (docs/decisions/237-volunteer-shifts.md). Every change to a shift's places
 * runs in a transaction that first locks the shift's row (SELECT ... FOR UPDATE): sign-ups for one
 * shift take turns in whichever process serves them, so seats are counted and positions given
 * without a race, and the partial unique index keeps one live place per address.
 */

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Database, db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema/shifts";
import type { Locale } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { shiftsChanged } from "./changes.server";
import { offerMail, type Shift, type Signup, seatedMail, waitingMail } from "./mails.server";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** How long a freed seat is held for the person offered it, at most. */
export const OFFER_HOURS = 12;

export const LIVE = ["seated", "waiting", "offered"] as const;

export async function lockShift(tx: Tx, shiftId: string): Promise<Shift | undefined> {
  const [shift] = await tx
    .select()
    .from(volunteerShifts)
    .where(eq(volunteerShifts.id, shiftId))
    .for("update");
  return shift;
}

/** Seats taken (seated or held for an offer), people waiting, and the last position given. */
async function placesOf(tx: Tx, shiftId: string) {
  const [row] = await tx
    .select({
      taken:
        sql<number>`count(*) filter (where ${shiftSignups.status} in ('seated', 'offered'))`.mapWith(
          Number,
        ),
      waiting: sql<number>`count(*) filter (where ${shiftSignups.status} = 'waiting')`.mapWith(
        Number,
      ),
      last: sql<number>`coalesce(max(${shiftSignups.position}), 0)`.mapWith(Number),
    })
    .from(shiftSignups)
    .where(eq(shiftSignups.shiftId, shiftId));
  return row;
}

export interface SignUpInput {
  name: string;
  email: string;
  phone?: string;
  adult: true;
  acknowledged: true;
}

export type SignUpResult =
  | { outcome: "seated"; signup: Signup }
  | { outcome: "waiting"; signup: Signup; place: number }
  | { outcome: "already" | "waitlist-full" | "closed" | "not-found" };

/** Whether a shift still takes sign-ups at `now`. */
export function takesSignups(shift: Pick<Shift, "status" | "startsAt">, now: Date): boolean {
  return shift.status === "scheduled" && shift.startsAt.getTime() > now.getTime();
}

/** A seat when one is free, else a place at the end of the waitlist while it has room. */
export async function signUp(
  shiftId: string,
  input: SignUpInput,
  locale: Locale,
  now: Date = clock.now(),
): Promise<SignUpResult> {
  const result = await db().transaction(async (tx): Promise<SignUpResult> => {
    const shift = await lockShift(tx, shiftId);
    if (!shift) return { outcome: "not-found" };
    if (!takesSignups(shift, now)) return { outcome: "closed" };
    const [mine] = await tx
      .select({ id: shiftSignups.id })
      .from(shiftSignups)
      .where(
        and(
          eq(shiftSignups.shiftId, shiftId),
          eq(shiftSignups.email, input.email),
          inArray(shiftSignups.status, [...LIVE]),
        ),
      );
    if (mine) return { outcome: "already" };
    const places = await placesOf(tx, shiftId);
    const seated = places.taken < shift.seats;
    if (!seated && places.waiting >= shift.waitlistLength) return { outcome: "waitlist-full" };
    const [signup] = await tx
      .insert(shiftSignups)
      .values({
        shiftId,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        adult: input.adult,
        requirementsAcknowledged: input.acknowledged,
        status: seated ? "seated" : "waiting",
        position: places.last + 1,
        language: locale,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (seated) {
      await enqueueMail(tx, seatedMail(shift, signup, now));
      return { outcome: "seated", signup };
    }
    const place = places.waiting + 1;
    await enqueueMail(tx, waitingMail(shift, signup, place, now));
    return { outcome: "waiting", signup, place };
  });
  if (result.outcome === "seated" || result.outcome === "waiting") {
    shiftsChanged();
    kickOutbox();
  }
  return result;
}

/** When an offer made at `now` lapses: 12 hours on, or when the shift starts if sooner. */
export function offerDeadline(shift: Pick<Shift, "startsAt">, now: Date): Date {
  return new Date(Math.min(now.getTime() + OFFER_HOURS * 3600_000, shift.startsAt.getTime()));
}

/**
 * Offers each free seat to the first person waiting, in the caller's transaction (which holds the
 * shift's lock). Returns how many offers it made.
 */
export async function offerFreeSeats(tx: Tx, shift: Shift, now: Date): Promise<number> {
  if (!takesSignups(shift, now)) return 0;
  const places = await placesOf(tx, shift.id);
  const free = shift.seats - places.taken;
  if (free <= 0) return 0;
  const next = await tx
    .select({ id: shiftSignups.id })
    .from(shiftSignups)
    .where(and(eq(shiftSignups.shiftId, shift.id), eq(shiftSignups.status, "waiting")))
    .orderBy(asc(shiftSignups.position))
    .limit(free);
  for (const { id } of next) {
    const [offered] = await tx
      .update(shiftSignups)
      .set({
        status: "offered",
        offers: sql`${shiftSignups.offers} + 1`,
        offerExpiresAt: offerDeadline(shift, now),
        updatedAt: now,
      })
      .where(eq(shiftSignups.id, id))
      .returning();
    await enqueueMail(tx, offerMail(shift, offered, now));
  }
  return next.length;
}
