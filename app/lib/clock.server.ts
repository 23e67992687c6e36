import { readFileSync, watchFile } from "node:fs";

/**
 * The one clock: every "now" the server reads about its features comes from here, and this is the
 * only module tests set. The real clock, unless a test clock variable holds another instant and the
 * site is not served over https; no request can move one, and a public https site ignores them
 * all. The end-to-end tests start the production build with them: FIND_HELP_NOW
 * (docs/decisions/173-the-finders-clock-in-tests.md), COUNTS_CLOCK_FILE
 * (docs/decisions/250-the-counts-clock-in-tests.md) and TRIBUTES_CLOCK_FILE
 * (docs/decisions/234-the-tribute-clock-in-tests.md). Houston's calendar for an instant is
 * app/lib/houston-calendar.ts's.
 */

type Environment = NodeJS.ProcessEnv;

const servedOverHttps = (environment: Environment) =>
  (environment.PUBLIC_URL ?? "").startsWith("https://");

/** The real clock's instant. */
export function now(): Date {
  return new Date();
}

/**
 * The instant held by the file a test clock variable names, or null: when the variable is unset,
 * the site is served over https, or the file is missing or holds no instant.
 */
export function instantInClockFile(
  variable: string,
  environment: Environment = process.env,
): Date | null {
  const file = environment[variable];
  if (!file || servedOverHttps(environment)) return null;
  try {
    const instant = new Date(readFileSync(file, "utf8").trim());
    return Number.isNaN(instant.getTime()) ? null : instant;
  } catch {
    return null;
  }
}

/**
 * The moment the finder computes "open now" and counts' freshness for (the latter through countsNow
 * below): FIND_HELP_NOW's instant (ISO 8601) when it names one, so "open at night" is checked at
 * night whatever the hour of the run. Read by the service finder and the counts the beds feature
 * shows.
 */
export function finderNow(environment: Environment = process.env): Date {
  const fixed = environment.FIND_HELP_NOW;
  if (!fixed || servedOverHttps(environment)) return now();
  const instant = new Date(fixed);
  return Number.isNaN(instant.getTime()) ? now() : instant;
}

/**
 * The moment counts' freshness is judged at and new counts are dated by, for a finder moment `at`:
 * `at` itself, unless COUNTS_CLOCK_FILE names a file holding an instant; the end-to-end tests move
 * it past a count's window by writing that file, leaving "open now" where FIND_HELP_NOW put it.
 */
export function countsNow(at: Date, environment: Environment = process.env): Date {
  return instantInClockFile("COUNTS_CLOCK_FILE", environment) ?? at;
}

/**
 * Calls `moved` when the counts' clock file changes, so pages showing counts are rendered again;
 * nothing when COUNTS_CLOCK_FILE is unset or the site is served over https.
 */
export function watchCountsClock(moved: () => void, environment: Environment = process.env) {
  const file = environment.COUNTS_CLOCK_FILE;
  if (!file || servedOverHttps(environment)) return;
  watchFile(file, { interval: 250, persistent: false }, moved);
}

/**
 * The moment tribute cards are dated and sent by: TRIBUTES_CLOCK_FILE's instant when it names a
 * file holding one; the end-to-end tests move the running server's clock past a card's day by
 * writing that file.
 */
export function tributesNow(environment: Environment = process.env): Date {
  return instantInClockFile("TRIBUTES_CLOCK_FILE", environment) ?? now();
}
