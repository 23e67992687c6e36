/** What a volunteer's own pages show of their sign-up, read through the link's token. */
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema/shifts";
import { momentText, shiftWhen } from "#app/features/shifts/times";
import type { Locale } from "#app/i18n/locales";
import { shiftTitle } from "./mails.server";

export async function signupView(signupId: string, locale: Locale) {
  const [row] = await db()
    .select({ shift: volunteerShifts, signup: shiftSignups })
    .from(shiftSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, shiftSignups.shiftId))
    .where(eq(shiftSignups.id, signupId));
  if (!row) return null;
  const { shift, signup } = row;
  return {
    shiftId: shift.id,
    opportunity: shift.opportunity,
    title: shiftTitle(shift, locale),
    when: shiftWhen(locale, shift.startsAt, shift.endsAt),
    place: shift.place,
    notes: shift.notes,
    shiftCancelled: shift.status === "cancelled",
    started: shift.startsAt.getTime() <= Date.now(),
    status: signup.status,
    offerUntil: signup.offerExpiresAt ? momentText(locale, signup.offerExpiresAt) : null,
  };
}
