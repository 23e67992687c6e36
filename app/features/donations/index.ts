export { donationsTab } from "./admin/tab";
export { DonationPanel, type GiftFormAddOn } from "./components/donation-panel";
export { statusLabelKey } from "./status";
