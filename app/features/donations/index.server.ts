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
export {
  type GiftFacts,
  type GiftState,
  giftFacts,
  giftIn,
  lockGiftPage,
  type PageGift,
  type PageTotals,
  pageGifts,
  pageTotals,
  setGiftPage,
} from "./gift-reads.server";
export { netGiftCents } from "./net-gift.server";
