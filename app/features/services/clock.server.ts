/** The finder's clock (finder-clock.server.ts), which the beds feature reads through index.server.ts. */
export { finderNow } from "#app/features/services/finder-clock.server";

/** Today's date in Houston, "YYYY-MM-DD" (for "mark verified today"). */
export function houstonToday(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
