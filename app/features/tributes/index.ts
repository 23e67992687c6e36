export { Dedication } from "./components/dedication";
export { DedicationLinks } from "./components/dedication-links";
export { HonorGivingIntro } from "./components/honor-giving-intro";
export { asksForPreview, PREVIEW_INTENT } from "./preview";
