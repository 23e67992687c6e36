export {
  type DedicationCheck,
  type GiftAddOnLink,
  type GiftAddOns,
  type GiftDedications,
  type GiftPages,
  provideGiftAddOns,
} from "./add-ons.server";
export { donationCsvRows } from "./admin/donations.server";
export { startDonation } from "./donations.server";
export { netGiftCents } from "./net-gift.server";
