import { instantInClockFile } from "#app/lib/clock-file.server";

/**
 * The moment tribute cards are dated and sent by (docs/decisions/234-the-tribute-clock-in-tests.md).
 * The real clock, unless TRIBUTES_CLOCK_FILE names a file holding an instant (ISO 8601) and the
 * site is not served over https: the end-to-end tests move the running server's clock past a
 * card's day by writing that file. No request can move it, and a public https site ignores it.
 */
export function tributesNow(environment: NodeJS.ProcessEnv = process.env): Date {
  return instantInClockFile("TRIBUTES_CLOCK_FILE", environment) ?? new Date();
}
