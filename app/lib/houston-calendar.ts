/**
 * Houston's calendar and wall clock, through Intl alone: the organisation's time, in which services
 * open and close, staff set weather banners and shifts, dashboard dates and receipts are written,
 * fundraisers end and tribute cards go out. Which day, weekday and minute an instant is in Houston,
 * "today in Houston", and which instant a Houston day and time of day are, on the days daylight
 * saving time starts and ends too (docs/decisions/161-opening-status.md). The one place the app
 * names Houston's time zone; "now" itself is app/lib/clock.server.ts's to tell.
 */
export const HOUSTON_TIME_ZONE = "America/Chicago";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: HOUSTON_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The date and time on a Houston clock at an instant (milliseconds since the epoch). */
export function houstonWallClock(instant: number): WallClock {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Today's date in Houston, "YYYY-MM-DD": the day a fundraiser's end date or a card's send date names. */
export function houstonToday(now: Date = new Date()): string {
  const { year, month, day } = houstonWallClock(now.getTime());
  return `${year}-${pad(month)}-${pad(day)}`;
}

// Staff enter banner and shift times as Houston wall-clock time (the organisation's clock, as the
// dashboard dates in app/lib/admin/dates.server.ts); these convert between that and instants,
// across the changes of daylight saving time.

/** Houston's offset from UTC at `instant` (ms), in ms (-5 h in summer, -6 h in winter). */
function offsetAt(instant: number): number {
  const wall = houstonWallClock(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-11-25T18:00" in Houston as an instant; null when it is not such a time. */
export function fromHoustonLocal(local: string): Date | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== day || hour > 23 || minute > 59) {
    return null;
  }
  // The offset at the guess may differ from the offset at the answer near a change of clocks.
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** An instant as the value of a datetime-local field in Houston time. */
export function toHoustonLocal(date: Date): string {
  const p = houstonWallClock(date.getTime());
  const two = (value: number) => String(value).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

// ---------------------------------------------------------------- days and times of day

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
