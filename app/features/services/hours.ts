/**
 * The honest opening status of a service at a moment, in Houston time (app/lib/houston-calendar.ts), from its
 * HSDS schedule rows (docs/decisions/161-opening-status.md). Pure: no database, no clock.
 * Client components may import it.
 */
import { clockTime, HoustonCalendar } from "#app/lib/houston-calendar";

/** The schedule fields the status reads (HSDS `schedule`). */
export interface ScheduleHours {
  /** WEEKLY (or DAILY); other rules are not read and leave the hours to a phone call. */
  freq: string | null;
  /** "MO,TU" (RFC 5545 BYDAY); with DAILY, or missing, every day. */
  byday: string | null;
  /** "HH:MM" or "HH:MM:SS", Houston time; closesAt at or before opensAt closes the next day. */
  opensAt: string | null;
  closesAt: string | null;
  /** "YYYY-MM-DD": the first and last day an opening may start on (temporary openings). */
  validFrom: string | null;
  validTo: string | null;
  /** RFC 5545 end of the rule, read like validTo. */
  until?: string | null;
  /** Every `interval` weeks: only 1 (or none) is read. */
  interval?: number | null;
  description: string | null;
}

/** A Houston wall-clock time of day: "21:00" ("24:00" is midnight at the end of the day). */
export type ClockTime = string;

/** Which Houston day a time is on, seen from the moment asked about. */
export type RelativeDay = "today" | "tomorrow" | "later";

export type OpeningStatus =
  /** Open now, closing at `closesAt` Houston time on `closesOn`. */
  | { kind: "open"; closesAt: ClockTime; closesAtInstant: Date; closesOn: RelativeDay }
  /** Open now with no closing in the coming week. */
  | { kind: "open-24-hours" }
  /** Closed now; opens at `opensAt` on `opensOn` (`weekday`: 0 Monday ... 6 Sunday). */
  | {
      kind: "opens";
      opensAt: ClockTime;
      opensAtInstant: Date;
      opensOn: RelativeDay;
      weekday: number;
    }
  /** Hours are known but none falls in the coming week (a past or far temporary opening). */
  | { kind: "closed-today" }
  /** No hours the finder can read: none, only a description, or a rule it does not read. */
  | { kind: "call-for-hours"; description: string | null };

const DAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
/** Days looked at: yesterday (for overnight hours) to a week ahead. */
const WINDOW_DAYS = 8;

interface Opening {
  validFrom: string | null;
  validTo: string | null;
  days: Set<number>;
  opens: number;
  /** Minutes after the opening day's midnight: past 1440 for overnight hours. */
  closes: number;
}

/** "07:30", "07:30:00" or "24:00" as minutes since midnight; null when not a time. */
export function minutesOf(time: string | null): number | null {
  const match = time?.trim().match(/^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours === 24 && minutes === 0) return 1440;
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** The opening a schedule row describes, or null when the finder cannot read it. */
function openingOf(row: ScheduleHours): Opening | null {
  const freq = (row.freq ?? "WEEKLY").trim().toUpperCase() || "WEEKLY";
  if (freq !== "WEEKLY" && freq !== "DAILY") return null;
  if (row.interval != null && row.interval !== 1) return null;
  const opens = minutesOf(row.opensAt);
  let closes = minutesOf(row.closesAt);
  if (opens === null || closes === null || opens === 1440) return null;
  // "23:59" is how many directories write "until midnight".
  if (closes === 1439) closes = 1440;
  if (closes <= opens) closes += 1440;
  const codes = (row.byday ?? "")
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const days = new Set<number>();
  if (freq === "DAILY" || codes.length === 0) for (let day = 0; day < 7; day++) days.add(day);
  for (const code of codes) {
    const day = DAY_CODES.indexOf(code);
    // "1MO" (the first Monday of a month) is not a weekly rule.
    if (day === -1) return null;
    if (freq === "WEEKLY") days.add(day);
  }
  const ends = [row.validTo, row.until].filter((value): value is string => Boolean(value)).sort();
  return { validFrom: row.validFrom, validTo: ends[0] ?? null, days, opens, closes };
}

interface Interval {
  start: number;
  end: number;
}

/** The openings of `rows` from yesterday to a week ahead of `now`, merged where they touch. */
function intervalsAround(openings: Opening[], now: Date, calendar: HoustonCalendar): Interval[] {
  const today = calendar.moment(now.getTime()).date;
  const intervals: Interval[] = [];
  for (let offset = -1; offset < WINDOW_DAYS; offset++) {
    const { date, weekday } = calendar.day(today, offset);
    for (const opening of openings) {
      if (!opening.days.has(weekday)) continue;
      if (opening.validFrom && date < opening.validFrom) continue;
      if (opening.validTo && date > opening.validTo) continue;
      const start = calendar.instant(date, opening.opens);
      const end =
        opening.closes > 1440
          ? calendar.instant(calendar.day(date, 1).date, opening.closes - 1440)
          : calendar.instant(date, opening.closes);
      intervals.push({ start, end });
    }
  }
  intervals.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function relativeDay(instant: number, today: string, calendar: HoustonCalendar): RelativeDay {
  const date = calendar.moment(instant).date;
  if (date === today) return "today";
  return date === calendar.day(today, 1).date ? "tomorrow" : "later";
}

/** The Houston clock time of an instant; a closing at midnight reads "24:00" of its day. */
function clockAt(instant: number, endOfDay: boolean, calendar: HoustonCalendar): ClockTime {
  const minute = calendar.moment(instant).minute;
  return endOfDay && minute === 0 ? "24:00" : clockTime(minute);
}

/**
 * The status at `now` of a service with `rows`. `calendar` may be shared by the calls for one
 * moment (a finder page); it remembers what it converted, so it lives no longer than that.
 */
export function openingStatus(
  rows: readonly ScheduleHours[],
  now: Date,
  calendar: HoustonCalendar = new HoustonCalendar(),
): OpeningStatus {
  const openings = rows.map(openingOf).filter((opening) => opening !== null);
  if (openings.length === 0) {
    const description = rows.find((row) => row.description?.trim())?.description?.trim() ?? null;
    return { kind: "call-for-hours", description };
  }
  const intervals = intervalsAround(openings, now, calendar);
  const at = now.getTime();
  const today = calendar.moment(at).date;
  const current = intervals.find((interval) => interval.start <= at && at < interval.end);
  if (current) {
    const windowEnd = calendar.instant(calendar.day(today, WINDOW_DAYS).date, 0);
    if (current.end >= windowEnd) return { kind: "open-24-hours" };
    const closesOn = relativeDay(current.end - 1, today, calendar);
    return {
      kind: "open",
      closesAt: clockAt(current.end, true, calendar),
      closesAtInstant: new Date(current.end),
      closesOn,
    };
  }
  const next = intervals.find((interval) => interval.start > at);
  if (!next) return { kind: "closed-today" };
  return {
    kind: "opens",
    opensAt: clockAt(next.start, false, calendar),
    opensAtInstant: new Date(next.start),
    opensOn: relativeDay(next.start, today, calendar),
    weekday: calendar.moment(next.start).weekday,
  };
}

/**
 * The next moment after `now` the status of a service with `rows` can change: an opening, a
 * closing, or Houston's next midnight ("tomorrow" becomes "today"). Null without readable hours.
 */
export function nextStatusChange(
  rows: readonly ScheduleHours[],
  now: Date,
  calendar: HoustonCalendar = new HoustonCalendar(),
): number | null {
  const openings = rows.map(openingOf).filter((opening) => opening !== null);
  if (openings.length === 0) return null;
  const at = now.getTime();
  const midnight = calendar.instant(calendar.day(calendar.moment(at).date, 1).date, 0);
  let next = midnight;
  for (const { start, end } of intervalsAround(openings, now, calendar)) {
    if (start > at && start < next) next = start;
    if (end > at && end < next) next = end;
  }
  return next;
}

/**
 * The key of "open 24 hours", the largest of the open statuses: the finder's SQL keeps "open now"
 * as `status_sort <= OPEN_SORT_KEY_LIMIT` (docs/decisions/184-stored-opening-status.md).
 */
export const OPEN_SORT_KEY_LIMIT = 1e14;

/**
 * Orders statuses for the finder: open now first, closing soonest first (open 24 hours after
 * them), then opening soonest, then closed, then "call for hours". Smaller sorts first.
 */
export function statusSortKey(status: OpeningStatus): number {
  switch (status.kind) {
    case "open":
      return status.closesAtInstant.getTime();
    case "open-24-hours":
      return OPEN_SORT_KEY_LIMIT;
    case "opens":
      return 2e14 + status.opensAtInstant.getTime();
    case "closed-today":
      return 4e14;
    case "call-for-hours":
      return 5e14;
  }
}

export function isOpenNow(status: OpeningStatus): boolean {
  return status.kind === "open" || status.kind === "open-24-hours";
}
