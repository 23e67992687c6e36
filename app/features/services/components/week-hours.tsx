/**
 * A location's week of hours, day by day (docs/decisions/170-the-finder-page.md): several openings a
 * day are listed in turn, hours past midnight say "the next morning", temporary openings name their
 * dates, and what the finder cannot read as hours is shown as the note it came with.
 */
import { useLocale } from "#app/i18n/translator";
import type { ScheduleHours } from "../hours";
import { clockText } from "../status-text";
import { calendarDate } from "./service-card";

export const WEEK = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

/** 2026-11-23 was a Monday: the weekday names come from Intl in the page's language. */
const A_MONDAY = Date.UTC(2026, 10, 23, 12);

/** Whether a weekly row applies on a day; a weekly row without days applies every day. */
export function onDay(row: ScheduleHours, day: (typeof WEEK)[number]): boolean {
  if ((row.freq ?? "").toUpperCase() !== "WEEKLY" || !row.opensAt || !row.closesAt) return false;
  const days = (row.byday ?? "")
    .split(",")
    .map((part) => part.trim().toUpperCase().slice(-2))
    .filter(Boolean);
  return days.length === 0 || days.includes(day);
}

export function WeekHours({ schedules }: { schedules: ScheduleHours[] }) {
  const { t, locale, formatDate } = useLocale();
  const weekday = (index: number) =>
    formatDate(new Date(A_MONDAY + index * 86_400_000), { weekday: "long", timeZone: "UTC" });
  const opening = (row: ScheduleHours) => {
    const opens = clockText(row.opensAt ?? "", locale);
    const closes = clockText(row.closesAt ?? "", locale);
    const overnight = (row.closesAt ?? "") <= (row.opensAt ?? "");
    const times = t(overnight ? "findHelp.detail.overnight" : "findHelp.detail.range", {
      opens,
      closes,
    });
    const from = row.validFrom ? calendarDate(row.validFrom, formatDate) : "";
    const to = row.validTo ? calendarDate(row.validTo, formatDate) : "";
    const dates =
      from && to
        ? t("findHelp.detail.onlyFromTo", { from, to })
        : from
          ? t("findHelp.detail.onlyFrom", { from })
          : to
            ? t("findHelp.detail.onlyTo", { to })
            : "";
    return dates ? `${times} (${dates})` : times;
  };
  const readable = schedules.some((row) => WEEK.some((day) => onDay(row, day)));
  const notes = schedules.map((row) => row.description?.trim()).filter(Boolean) as string[];
  return (
    <>
      {readable ? (
        <table className="w-full text-left">
          <thead>
            <tr>
              <th scope="col">{t("findHelp.detail.day")}</th>
              <th scope="col">{t("findHelp.detail.times")}</th>
            </tr>
          </thead>
          <tbody>
            {WEEK.map((day, index) => {
              const rows = schedules
                .filter((row) => onDay(row, day))
                .sort((a, b) => (a.opensAt ?? "").localeCompare(b.opensAt ?? ""));
              return (
                <tr key={day} className="border-t border-[var(--color-border)] align-top">
                  <th scope="row" className="whitespace-nowrap py-1 pr-4 font-medium">
                    {weekday(index)}
                  </th>
                  <td className="py-1">
                    {rows.length === 0 ? (
                      t("findHelp.detail.closed")
                    ) : (
                      <ul>
                        {rows.map((row, position) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id here and never reorder
                          <li key={position}>{opening(row)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p>{t("findHelp.detail.noHours")}</p>
      )}
      {notes.length > 0 ? (
        <p>
          {t("findHelp.detail.hoursNote")}{" "}
          <span lang={locale === "en" ? undefined : "en"}>{notes.join(" ")}</span>
        </p>
      ) : null}
    </>
  );
}
