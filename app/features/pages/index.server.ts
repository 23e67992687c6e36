export { carryOverAboutPage } from "./about-draft.server";
export { onPagesChange } from "./changes.server";
export { carryOverImpactFigures, type ImpactFigures, impactFor } from "./impact.server";
export {
  type PublicPageView,
  publishedAddresses,
  publishedPage,
} from "./pages.server";
export { startPagesWorker, stopPagesWorker } from "./schedule.server";
