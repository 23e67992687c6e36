/**
 * Staff enter banner times as Houston wall-clock time (the organisation's clock, as the dashboard
 * dates in app/lib/admin/dates.server.ts); these convert between that and instants, across the
 * changes of daylight saving time.
 */
import { houstonWallClock } from "#app/lib/houston-clock";

export { fromHoustonLocal } from "#app/lib/houston-clock";

/** An instant as the value of a datetime-local field in Houston time. */
export function toHoustonLocal(date: Date): string {
  const p = houstonWallClock(date.getTime());
  const two = (value: number) => String(value).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}
