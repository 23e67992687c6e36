export { Dedication } from "./components/dedication";
export { HonorGivingIntro } from "./components/honor-giving-intro";
export { asksForPreview, PREVIEW_INTENT } from "./preview";
