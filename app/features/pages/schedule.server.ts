import { now } from "#app/lib/clock.server";
import { logger } from "#app/lib/logger.server";
import { publishDuePages } from "./pages.server";

/**
 * "Publish at" without a cron job (docs/decisions/283-scheduled-publishing.md): every process
 * looks for due drafts every fifteen seconds and at start, and the database gives each due draft
 * to one of them (pages.server.ts, publishDuePages).
 */
const POLL_MS = 15_000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

function round() {
  if (running) return;
  running = publishDuePages(now())
    .catch((error) => logger.error({ err: error }, "scheduled page publishing failed"))
    .finally(() => {
      running = undefined;
    });
}

export function startPagesWorker() {
  if (timer) return;
  timer = setInterval(round, POLL_MS);
  timer.unref();
  round();
}

/** Stops the timer and waits for a round in progress. */
export async function stopPagesWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
