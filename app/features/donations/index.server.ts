export { donationCsvRows } from "./admin/donations.server";
