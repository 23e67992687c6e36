/**
 * The moment the finder computes "open now" and counts' freshness for
 * (docs/decisions/173-the-finders-clock-in-tests.md). The real clock, unless FIND_HELP_NOW names an
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
