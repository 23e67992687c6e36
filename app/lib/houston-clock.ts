/**
 * Houston's wall clock (America/Chicago), through Intl alone: the organisation's time, in which
 * services open and close (app/features/services/houston-time.ts), staff set weather banners and
 * shifts, and tribute cards go out.
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
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

// Staff enter banner and shift times as Houston wall-clock time (the organisation's clock, as the
// dashboard dates in app/lib/admin/dates.server.ts); these convert between that and instants,
// across the changes of daylight saving time.

/** Houston's offset from UTC at `date`, in milliseconds (negative: behind UTC). */
function offsetAt(date: Date): number {
  const p = houstonWallClock(date.getTime());
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
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
  let instant = wall - offsetAt(new Date(wall));
  instant = wall - offsetAt(new Date(instant));
  return new Date(instant);
}

/** An instant as the value of a datetime-local field in Houston time. */
export function toHoustonLocal(date: Date): string {
  const p = houstonWallClock(date.getTime());
  const two = (value: number) => String(value).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}
