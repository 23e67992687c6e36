/**
 * Houston's wall clock (America/Chicago), through Intl alone: the organisation's time, in which
 * services open and close (app/features/services/houston-time.ts) and staff set weather banners
 * (app/features/weather/houston-time.ts).
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
