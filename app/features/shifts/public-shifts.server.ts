/**
 * The upcoming volunteer shifts the public sees, with seats left (docs/decisions/237-volunteer-shifts.md):
 * shared because the volunteer page (app/features/forms) lists them and the shifts feature signs
 * people up for them, and features do not import each other.
 */
import { and, asc, eq, gt, inArray, min, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { volunteerOpportunities, volunteerShifts } from "#app/db/schema/shifts";
import type { Locale } from "#app/i18n/locales";

export interface PublicShift {
  id: string;
  opportunity: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  place: string;
  notes: string;
  seatsLeft: number;
  /** Whether a full shift still has room on its waitlist. */
  waitlistOpen: boolean;
}

/** How many upcoming shifts the volunteer page lists per opportunity. */
export const SHIFTS_PER_OPPORTUNITY = 8;

/**
 * Places on a shift by status, counted in a subquery; written out because Drizzle leaves column
 * names unqualified inside `sql`, and "id" would then name the sign-up's own.
 */
export function placesCount(statuses: "taken" | "waiting") {
  const list = statuses === "taken" ? sql`('seated', 'offered')` : sql`('waiting')`;
  return sql<number>`(select count(*) from shift_signups s where s.shift_id = "volunteer_shifts"."id" and s.status in ${list})`.mapWith(
    Number,
  );
}

/** Scheduled shifts starting after `now` (all, or the ones named), soonest first. */
export async function publicShifts(
  locale: Locale,
  now: Date,
  ids?: string[],
): Promise<PublicShift[]> {
  const rows = await db()
    .select({
      shift: volunteerShifts,
      taken: placesCount("taken"),
      waiting: placesCount("waiting"),
    })
    .from(volunteerShifts)
    .where(
      and(
        eq(volunteerShifts.status, "scheduled"),
        gt(volunteerShifts.startsAt, now),
        ids ? inArray(volunteerShifts.id, ids) : undefined,
      ),
    )
    .orderBy(asc(volunteerShifts.startsAt))
    .limit(ids ? ids.length : 500);
  return rows.map(({ shift, taken, waiting }) => ({
    id: shift.id,
    opportunity: shift.opportunity,
    title: locale === "es" ? shift.titleEs : shift.titleEn,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    place: shift.place,
    notes: shift.notes,
    seatsLeft: Math.max(shift.seats - taken, 0),
    waitlistOpen: waiting < shift.waitlistLength,
  }));
}

/** The next few shifts of each opportunity, keyed by its slug. */
export async function upcomingShiftsByOpportunity(
  locale: Locale,
  now: Date,
): Promise<Record<string, PublicShift[]>> {
  const grouped: Record<string, PublicShift[]> = {};
  for (const shift of await publicShifts(locale, now)) {
    const list = grouped[shift.opportunity] ?? [];
    if (list.length < SHIFTS_PER_OPPORTUNITY) list.push(shift);
    grouped[shift.opportunity] = list;
  }
  return grouped;
}

/** Opportunities staff added, with their title in the locale. */
export async function addedOpportunities(locale: Locale) {
  const rows = await db()
    .select()
    .from(volunteerOpportunities)
    .orderBy(asc(volunteerOpportunities.titleEn));
  return rows.map((row) => ({
    slug: row.slug,
    title: locale === "es" ? row.titleEs : row.titleEn,
  }));
}

/**
 * When a page listing shifts stops being right by itself: the next listed shift starts (and
 * leaves the list). Sign-ups and staff changes drop the page through the `shifts` topic.
 */
export async function shiftPageExpiryMoments(now: Date): Promise<number[]> {
  const [row] = await db()
    .select({ next: min(volunteerShifts.startsAt) })
    .from(volunteerShifts)
    .where(and(eq(volunteerShifts.status, "scheduled"), gt(volunteerShifts.startsAt, now)));
  return row?.next ? [new Date(row.next).getTime()] : [];
}
