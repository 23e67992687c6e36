/**
 * An end date closes the page (docs/decisions/223-fundraiser-end-dates.md): once its last day has
 * passed in Houston, an approved or paused page's stored status moves to closed. Gifts stop at the
 * end of that day anyway (`takesGifts`); this makes the status, the staff tab and the owner's page
 * say so, and drops the cached pages.
 */

import { and, inArray, isNotNull, lt } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import * as clock from "#app/lib/clock.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { fundraisersChanged } from "./changes.server";

/** How often the server looks for pages whose end date has passed. */
export const END_DATE_POLL_MS = 60_000;

/** Closes every approved or paused page past its end date; returns how many. */
export async function closeEndedFundraisers(now: Date = clock.now()): Promise<number> {
  const closed = await db()
    .update(fundraisers)
    .set({ status: "closed", updatedAt: now })
    .where(
      and(
        inArray(fundraisers.status, ["approved", "paused"]),
        isNotNull(fundraisers.endDate),
        lt(fundraisers.endDate, houstonToday(now)),
      ),
    )
    .returning({ id: fundraisers.id });
  if (closed.length > 0) fundraisersChanged();
  return closed.length;
}

/** Runs `closeEndedFundraisers` now and every END_DATE_POLL_MS; returns the function that stops it. */
export function watchFundraiserEndDates(intervalMs = END_DATE_POLL_MS): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await closeEndedFundraisers();
    } catch (error) {
      // The next round tries again; the pages already stop taking gifts on their own.
      logger.warn({ err: error }, "closing ended fundraisers failed");
    } finally {
      running = false;
    }
  };
  void round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
