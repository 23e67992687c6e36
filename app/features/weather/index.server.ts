export {
  activeBanners,
  activeCentreCategories,
  forgetPublishedBanners,
  onWeatherChange,
  weatherChangeMoments,
} from "./banners.server";
export { createNwsPoller, type NwsPoller } from "./nws/poller.server";
export { webAppManifest, workerTexts } from "./offline.server";
