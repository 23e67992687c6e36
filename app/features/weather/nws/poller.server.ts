import { logger } from "#app/lib/logger.server";
import { weatherChanged } from "../banners.server";
import { alertCollectionSchema } from "./alerts";
import { type ApplyResult, type Approval, applyActiveAlerts } from "./apply.server";

/**
 * Polls the NWS active alerts (docs/decisions/181-nws-drafts.md). An answer that does not come,
 * comes too late or is not the alerts GeoJSON changes nothing: banners stay as they were, and the
 * outage is logged once when it starts and once when it ends, not at every poll.
 */

export interface PollerOptions {
  url: string;
  intervalSeconds: number;
  /** The NWS API refuses requests without a User-Agent naming the site and a contact. */
  userAgent: string;
  approval: Approval;
  /** How long one request may take; 10 s by default. */
  timeoutMs?: number;
}

export interface NwsPoller {
  /** Polls now, then every `intervalSeconds`. */
  start(): void;
  /** One poll now; resolves to what changed, or null when the NWS could not be read. */
  pollOnce(): Promise<ApplyResult | null>;
  stop(): void;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createNwsPoller(options: PollerOptions): NwsPoller {
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function failed(reason: string, error?: unknown) {
    if (failing) return;
    failing = true;
    logger.warn(
      { err: error, reason, url: options.url },
      "NWS alerts unavailable; banners unchanged",
    );
  }

  async function fetchAlerts() {
    try {
      const response = await fetch(options.url, {
        headers: { "User-Agent": options.userAgent, Accept: "application/geo+json" },
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!response.ok) {
        failed(`status ${response.status}`);
        return null;
      }
      const parsed = alertCollectionSchema.safeParse(await response.json());
      if (!parsed.success) {
        failed("malformed answer", parsed.error.issues[0]);
        return null;
      }
      return parsed.data.features.map((feature) => feature.properties);
    } catch (error) {
      failed(
        error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable",
        error,
      );
      return null;
    }
  }

  async function pollOnce(): Promise<ApplyResult | null> {
    const alerts = await fetchAlerts();
    if (!alerts) return null;
    if (failing) {
      failing = false;
      logger.info({ url: options.url }, "NWS alerts available again");
    }
    try {
      const result = await applyActiveAlerts(alerts, options.approval);
      if (result.created + result.updated + result.ended > 0) weatherChanged();
      return result;
    } catch (error) {
      logger.error({ err: error }, "NWS alerts could not be applied");
      return null;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      pollOnce().finally(schedule);
    }, options.intervalSeconds * 1000);
    timer.unref();
  }

  return {
    // The first poll at once, so a fresh start shows a warning already in force.
    start: () => void pollOnce().finally(schedule),
    pollOnce,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
