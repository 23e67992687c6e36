/**
 * Houston wall-clock time (America/Chicago) through Intl alone: which day, weekday and minute an
 * instant is in Houston, and which instant a Houston day and time of day are, on the days daylight
 * saving time starts and ends too (docs/decisions/161-opening-status.md).
 */
import { houstonWallClock } from "#app/lib/houston-clock";

export interface HoustonMoment {
  /** "YYYY-MM-DD" */
  date: string;
  /** 0 Monday ... 6 Sunday, the order of RFC 5545's MO..SU. */
  weekday: number;
  /** Minutes since Houston midnight (seconds dropped). */
  minute: number;
}

/** Where `instant` is on Houston's calendar and clock. */
export function houstonMoment(instant: Date): HoustonMoment {
  const wall = houstonWallClock(instant.getTime());
  const date = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  return { date, weekday: weekdayOf(date), minute: wall.hour * 60 + wall.minute };
}

/** The Houston date ("YYYY-MM-DD") of an instant: today, for "last verified". */
export function houstonDate(instant: Date): string {
  return houstonMoment(instant).date;
}

/** 0 Monday ... 6 Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** "21:05" from minutes since midnight (1440 is "24:00", the end of a day). */
export function clockTime(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** Houston's offset from UTC at `instant`, in ms (-5 h in summer, -6 h in winter). */
function offsetAt(instant: number): number {
  const wall = houstonWallClock(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * Converts Houston days and times of day to instants, remembering each: a finder page asks for
 * the same few times of thousands of services.
 */
export class HoustonCalendar {
  private readonly instants = new Map<string, number>();
  private readonly moments = new Map<number, HoustonMoment>();
  private readonly days = new Map<string, { date: string; weekday: number }>();

  /** houstonMoment, remembered: many services open and close at the same instants. */
  moment(instant: number): HoustonMoment {
    let moment = this.moments.get(instant);
    if (!moment) {
      moment = houstonMoment(new Date(instant));
      this.moments.set(instant, moment);
    }
    return moment;
  }

  /** The day `offset` days after `date`, with its weekday, remembered. */
  day(date: string, offset: number): { date: string; weekday: number } {
    const key = `${date} ${offset}`;
    let day = this.days.get(key);
    if (!day) {
      const next = addDays(date, offset);
      day = { date: next, weekday: weekdayOf(next) };
      this.days.set(key, day);
    }
    return day;
  }

  /**
   * The instant of `minute` (0..1440) on Houston day `date`. A time skipped when clocks spring
   * forward (02:30 on 2026-03-08) is the instant an hour later on the clock (03:30); a time that
   * happens twice when they fall back (01:30 on 2026-11-01) is the first.
   */
  instant(date: string, minute: number): number {
    const key = `${date} ${minute}`;
    let instant = this.instants.get(key);
    if (instant === undefined) {
      instant = resolveWallTime(date, minute);
      this.instants.set(key, instant);
    }
    return instant;
  }
}

function resolveWallTime(date: string, minute: number): number {
  const [year, month, day] = date.split("-").map(Number);
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minute);
  // Houston's two offsets around this day: the one before and the one after any change.
  const offsets = [
    ...new Set([offsetAt(wallAsUtc - 86_400_000), offsetAt(wallAsUtc + 86_400_000)]),
  ];
  const candidates = offsets
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => offsetAt(instant) === wallAsUtc - instant)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0];
  // Skipped by the spring change: read with the offset before it, which lands an hour later.
  return wallAsUtc - Math.min(...offsets);
}
