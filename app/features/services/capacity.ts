/**
 * Live capacity as the public pages and the update link show it (docs/decisions/227-beds-tonight.md):
 * a count is fresh for its service's window (6 hours unless staff set another), after which the
 * pages say "call" instead of an old number. Shared by the finder (app/features/services), which
 * reads the counts, and the beds feature (app/features/beds), which writes them.
 */

export const DEFAULT_FRESH_HOURS = 6;
/** The windows staff may choose, in hours. */
export const FRESH_HOURS_MIN = 1;
export const FRESH_HOURS_MAX = 72;
/** The longest description of a count ("Women", "Families with children"). */
export const DESCRIPTION_MAX = 80;
/** The highest count a unit without a maximum takes. */
export const MAX_COUNT = 9999;

/** The units the pages name in both languages; another imported unit is shown as "places". */
export const KNOWN_UNITS = ["bed", "mat", "room"] as const;
export type KnownUnit = (typeof KNOWN_UNITS)[number] | "place";

export function knownUnit(name: string): KnownUnit {
  const word = name.trim().toLowerCase().replace(/s$/, "");
  return (KNOWN_UNITS as readonly string[]).includes(word) ? (word as KnownUnit) : "place";
}

/** One count as a page shows it: the age and freshness are computed by the server at `now`. */
export interface CapacityShown {
  id: string;
  unit: KnownUnit;
  description: string | null;
  available: number;
  maximum: number | null;
  /** Whole minutes since the count was set (0 for a count set "in the future"). */
  ageMinutes: number;
  fresh: boolean;
}

/** Fresh while less than `freshHours` old: at exactly the window's end it is no longer. */
export function isFresh(updated: Date, freshHours: number, now: Date): boolean {
  return now.getTime() - updated.getTime() < freshHours * 3_600_000;
}

export function capacityShown(
  row: {
    id: string;
    unitName: string;
    description: string | null;
    available: number;
    maximum: number | null;
    updated: Date;
    freshHours: number;
  },
  now: Date,
): CapacityShown {
  return {
    id: row.id,
    unit: knownUnit(row.unitName),
    description: row.description,
    available: row.available,
    maximum: row.maximum,
    ageMinutes: Math.max(0, Math.floor((now.getTime() - row.updated.getTime()) / 60_000)),
    fresh: isFresh(row.updated, row.freshHours, now),
  };
}

/** The highest count a unit takes. */
export function countLimit(maximum: number | null): number {
  return maximum ?? MAX_COUNT;
}
