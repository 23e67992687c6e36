import { useLocale } from "#app/i18n/translator";

/** An upcoming shift as the volunteer page lists it (app/features/shifts/public-shifts.server.ts). */
export interface ListedShift {
  id: string;
  title: string;
  when: string;
  seatsLeft: number;
  waitlistOpen: boolean;
}

/**
 * The upcoming shifts of one opportunity, each a link to its sign-up page with its seats left
 * (docs/decisions/237-volunteer-shifts.md); nothing when it has none.
 */
export function ShiftList({ shifts, headingId }: { shifts: ListedShift[]; headingId: string }) {
  const { t, href } = useLocale();
  if (shifts.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {t("volunteerShifts.upcomingHeading")}
      </h3>
      <ul className="mt-2 space-y-2">
        {shifts.map((shift) => (
          <li key={shift.id}>
            <a href={href(`/volunteer/shifts/${shift.id}`)} className="link font-medium">
              {t("volunteerShifts.chooseFor", { when: shift.when, title: shift.title })}
            </a>
            <span className="block text-sm text-[var(--color-muted)]">
              {shift.seatsLeft > 0
                ? t("volunteerShifts.seatsLeft", { count: shift.seatsLeft })
                : t(shift.waitlistOpen ? "volunteerShifts.full" : "volunteerShifts.waitlistFull")}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3">{t("volunteerShifts.otherTime")}</p>
    </section>
  );
}
