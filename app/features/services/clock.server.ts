/** The finder's clock lives in app/lib/finder-clock.server.ts, shared with the beds feature. */
export { finderNow } from "#app/lib/finder-clock.server";

/** Today's date in Houston, "YYYY-MM-DD" (for "mark verified today"). */
export function houstonToday(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
