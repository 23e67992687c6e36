import { watchFile } from "node:fs";
import { instantInClockFile } from "#app/lib/clock-file.server";

/**
 * The moment the finder computes "open now" and counts' freshness for (the latter through
 * countsNow below; docs/decisions/173-the-finders-clock-in-tests.md). The real clock, unless FIND_HELP_NOW names an
 * instant (ISO 8601) and the site is not served over https: the end-to-end tests start the
 * production build with it so "open at night" is checked at night whatever the hour of the run.
 * No request can move it, and a public https site ignores it. Shared by the finder
 * (app/features/services) and the counts it shows (app/features/beds).
 */
export function finderNow(env: NodeJS.ProcessEnv = process.env): Date {
  const fixed = env.FIND_HELP_NOW;
  if (!fixed || (env.PUBLIC_URL ?? "").startsWith("https://")) return new Date();
  const instant = new Date(fixed);
  return Number.isNaN(instant.getTime()) ? new Date() : instant;
}

/**
 * The moment counts' freshness is judged at and new counts are dated by, for a finder moment `now`
 * (docs/decisions/250-the-counts-clock-in-tests.md): `now` itself, unless COUNTS_CLOCK_FILE names a
 * file holding an instant and the site is not served over https: the end-to-end tests move it past
 * a count's window by writing that file, leaving "open now" where FIND_HELP_NOW put it.
 */
export function countsNow(now: Date, env: NodeJS.ProcessEnv = process.env): Date {
  return instantInClockFile("COUNTS_CLOCK_FILE", env) ?? now;
}

/**
 * Calls `moved` when the counts' clock file changes, so pages showing counts are rendered again;
 * nothing when COUNTS_CLOCK_FILE is unset or the site is served over https.
 */
export function watchCountsClock(moved: () => void, env: NodeJS.ProcessEnv = process.env) {
  const file = env.COUNTS_CLOCK_FILE;
  if (!file || (env.PUBLIC_URL ?? "").startsWith("https://")) return;
  watchFile(file, { interval: 250, persistent: false }, moved);
}
