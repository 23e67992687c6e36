/**
 * `/` shows the pre-launch page until LAUNCH_AT (a local wall-clock time), then the full site
 * (docs/decisions/004-root-route-clock.md).
 */
export function parseLaunchAt(launchAt: string): Date {
  // "2025-04-24T00:00" without an offset is read as local time.
  const [datePart, timePart] = launchAt.split("T");
  const [year, month, day] = datePart.split("-").map(Number);
  const [hours, minutes, seconds = 0] = timePart.split(":").map(Number);
  return new Date(year, month - 1, day, hours, minutes, seconds);
}

export function hasLaunched(launchAt: string, now: Date = new Date()): boolean {
  return now.getTime() >= parseLaunchAt(launchAt).getTime();
}
