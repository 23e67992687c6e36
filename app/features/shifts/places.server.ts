/**
 * What a volunteer does with their place through the links in their e-mails: cancel it, or claim
 * a seat offered to them; and offers that lapse passing to the next person waiting. Each runs
 * under the shift's lock (seats.server.ts).
 */

import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shiftSignups } from "#app/db/schema/shifts";
import * as clock from "#app/lib/clock.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { shiftsChanged } from "./changes.server";
import { cancelledMail, type Signup, seatedMail } from "./mails.server";
import { LIVE, lockShift, offerFreeSeats, type Tx, takesSignups } from "./seats.server";

async function lockedSignup(tx: Tx, id: string): Promise<Signup | undefined> {
  const [signup] = await tx
    .select()
    .from(shiftSignups)
    .where(eq(shiftSignups.id, id))
    .for("update");
  return signup;
}

/** The shift's lock first, then the sign-up's: the order every writer takes. */
async function lockBoth(tx: Tx, signupId: string) {
  const [found] = await tx
    .select({ shiftId: shiftSignups.shiftId })
    .from(shiftSignups)
    .where(eq(shiftSignups.id, signupId));
  if (!found) return null;
  const shift = await lockShift(tx, found.shiftId);
  const signup = await lockedSignup(tx, signupId);
  return shift && signup ? { shift, signup } : null;
}

export type CancelResult = "cancelled" | "not-found" | "not-live" | "started";

/** The volunteer gives up their place; a seat they held is offered to the first person waiting. */
export async function cancelSignup(
  signupId: string,
  now: Date = clock.now(),
): Promise<CancelResult> {
  const result = await db().transaction(async (tx): Promise<CancelResult> => {
    const found = await lockBoth(tx, signupId);
    if (!found) return "not-found";
    const { shift, signup } = found;
    if (!(LIVE as readonly string[]).includes(signup.status)) return "not-live";
    if (shift.startsAt.getTime() <= now.getTime()) return "started";
    const hadSeat = signup.status === "seated";
    const [cancelled] = await tx
      .update(shiftSignups)
      .set({
        status: "cancelled",
        cancelledAt: now,
        offerExpiresAt: null,
        sequence: hadSeat ? sql`${shiftSignups.sequence} + 1` : shiftSignups.sequence,
        updatedAt: now,
      })
      .where(eq(shiftSignups.id, signupId))
      .returning();
    await enqueueMail(tx, cancelledMail(shift, cancelled, "volunteer", hadSeat, now));
    await offerFreeSeats(tx, shift, now);
    return "cancelled";
  });
  if (result === "cancelled") {
    shiftsChanged();
    kickOutbox();
  }
  return result;
}

export type ClaimResult =
  | "claimed"
  | "not-found"
  | "other-shift"
  | "already-claimed"
  | "expired"
  | "superseded"
  | "not-offered";

/**
 * Claims the offer a link names. A link for another shift, an earlier offer, a used or lapsed
 * offer changes nothing, and the answer says which it was.
 */
export async function claimOffer(
  shiftId: string,
  offer: { signupId: string; offer: number },
  now: Date = clock.now(),
): Promise<ClaimResult> {
  const result = await db().transaction(async (tx): Promise<ClaimResult> => {
    const found = await lockBoth(tx, offer.signupId);
    if (!found) return "not-found";
    const { shift, signup } = found;
    if (signup.shiftId !== shiftId) return "other-shift";
    if (signup.offers !== offer.offer) return "superseded";
    if (signup.status === "seated") return "already-claimed";
    if (signup.status === "expired") return "expired";
    if (signup.status !== "offered") return "not-offered";
    if (!signup.offerExpiresAt || signup.offerExpiresAt <= now || !takesSignups(shift, now)) {
      return "expired";
    }
    const [seated] = await tx
      .update(shiftSignups)
      .set({ status: "seated", offerExpiresAt: null, updatedAt: now })
      .where(eq(shiftSignups.id, signup.id))
      .returning();
    await enqueueMail(tx, seatedMail(shift, seated, now));
    return "claimed";
  });
  if (result === "claimed") {
    shiftsChanged();
    kickOutbox();
  }
  return result;
}

/** Offers past their deadline lapse, and each freed seat goes to the next person waiting. */
export async function lapseOffers(now: Date = clock.now()): Promise<number> {
  const due = await db()
    .selectDistinct({ shiftId: shiftSignups.shiftId })
    .from(shiftSignups)
    .where(and(eq(shiftSignups.status, "offered"), lte(shiftSignups.offerExpiresAt, now)));
  let lapsed = 0;
  for (const { shiftId } of due) {
    await db().transaction(async (tx) => {
      const shift = await lockShift(tx, shiftId);
      if (!shift) return;
      const gone = await tx
        .update(shiftSignups)
        .set({ status: "expired", offerExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(shiftSignups.shiftId, shiftId),
            inArray(shiftSignups.status, ["offered"]),
            lte(shiftSignups.offerExpiresAt, now),
          ),
        )
        .returning({ id: shiftSignups.id });
      lapsed += gone.length;
      await offerFreeSeats(tx, shift, now);
    });
  }
  if (lapsed > 0) {
    shiftsChanged();
    kickOutbox();
  }
  return lapsed;
}
