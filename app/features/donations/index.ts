export { donationsTab } from "./admin/tab";
export { DonationPanel } from "./components/donation-panel";
export { statusLabelKey } from "./status";
