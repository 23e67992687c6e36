import { database } from "#app/db/client.server";
import { analyzeTables } from "#app/db/statistics.server";
import { logger } from "#app/lib/logger.server";

/**
 * The embedded database's table statistics (docs/decisions/257-newest-first-indexes.md). Without
 * them PGlite's planner guessed that a filter kept a few rows of 200,000, and each batch of an
 * export read and sorted every remaining row.
 */
const ANALYZE_EVERY_MS = 60 * 60_000;
let timer: NodeJS.Timeout | undefined;

/** On the embedded database: analyzes at start and every hour for as long as the app runs. */
export function startTableStatistics() {
  if (timer || database().kind !== "pglite") return;
  const round = () =>
    void analyzeTables().catch((error) =>
      logger.error({ err: error }, "updating the table statistics failed"),
    );
  timer = setInterval(round, ANALYZE_EVERY_MS);
  timer.unref();
  round();
}
