import { logger } from "#app/lib/logger.server";

/**
 * Keeps this process's finder pages fresh when another process changes the services: `npm run
 * services:import` or another app process without Redis (docs/decisions/163-page-topics-and-finder-freshness.md).
 * Every few seconds it reads a cheap version of the services (their count and latest change) and
 * drops the "services" pages when it moved. Writes made here are announced at once by
 * onServicesChange; this catches the rest within POLL_MS.
 */

export const POLL_MS = 2000;

export function watchServicesVersion(
  readVersion: () => Promise<string>,
  changed: () => void,
  intervalMs = POLL_MS,
): () => void {
  let last: string | undefined;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const version = await readVersion();
      if (last !== undefined && version !== last) changed();
      last = version;
    } catch (error) {
      // The database outage handling answers visitors; the next round tries again.
      logger.debug({ err: error }, "services version not read");
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
