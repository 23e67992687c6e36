import { readFileSync } from "node:fs";

/**
 * The instant held by the file a test clock variable names (docs/decisions/234-the-tribute-clock-in-tests.md,
 * 250-the-counts-clock-in-tests.md), or null: when the variable is unset, the site is served over
 * https, or the file is missing or holds no instant. No request can move such a clock.
 */
export function instantInClockFile(
  variable: string,
  environment: NodeJS.ProcessEnv = process.env,
): Date | null {
  const file = environment[variable];
  if (!file || (environment.PUBLIC_URL ?? "").startsWith("https://")) return null;
  try {
    const instant = new Date(readFileSync(file, "utf8").trim());
    return Number.isNaN(instant.getTime()) ? null : instant;
  } catch {
    return null;
  }
}
