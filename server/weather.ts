import { provideFinderPriority } from "#app/features/services/index.server";
import {
  activeCentreCategories,
  createNwsPoller,
  type NwsPoller,
  onWeatherChange,
  weatherChangeMoments,
} from "#app/features/weather/index.server";
import { env } from "#app/lib/env.server";
import type { PageTopic } from "./page-cache/policy";

/**
 * The weather banners' part of the process (docs/decisions/180-weather-banners.md,
 * docs/decisions/181-nws-drafts.md): a banner published or ended drops every cached page, and the
 * NWS poller runs when NWS_ALERTS_URL is set.
 */

let poller: NwsPoller | undefined;

export function startWeather(invalidate: (topic: PageTopic) => void) {
  onWeatherChange(() => invalidate("every-page"));
  // While a banner is active the finder lists its centres first; a banner's change drops the
  // finder's cached pages with every other page (above).
  provideFinderPriority(activeCentreCategories);
  const config = env();
  if (!config.NWS_ALERTS_URL) return;
  poller = createNwsPoller({
    url: config.NWS_ALERTS_URL,
    intervalSeconds: config.NWS_POLL_SECONDS,
    userAgent: `(${config.ORG_NAME} website, ${config.ORG_EMAIL})`,
    approval: config.NWS_BANNER_APPROVAL,
  });
  poller.start();
}

export function stopWeather() {
  poller?.stop();
  poller = undefined;
}

/** Every page shows the banners: it expires when one starts or ends. */
export const weatherPageMoments = (now: Date) => weatherChangeMoments(now);
