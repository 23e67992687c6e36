export { donationCsvRows } from "./admin/donations.server";
export { onPaymentApplied } from "./events.server";
