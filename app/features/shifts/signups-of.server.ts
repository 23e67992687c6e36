import { desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema/shifts";
import { type Locale, localizePath } from "#app/i18n/locales";
import { managePath } from "./links.server";

/** An address's shift sign-ups, latest shift first, each with its own management page. */
export async function signupsOf(email: string, locale: Locale) {
  const rows = await db()
    .select({
      id: shiftSignups.id,
      status: shiftSignups.status,
      title: locale === "es" ? volunteerShifts.titleEs : volunteerShifts.titleEn,
      startsAt: volunteerShifts.startsAt,
    })
    .from(shiftSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, shiftSignups.shiftId))
    .where(eq(shiftSignups.email, email))
    .orderBy(desc(volunteerShifts.startsAt));
  return rows.map((row) => ({ ...row, path: localizePath(managePath(row.id), locale) }));
}
