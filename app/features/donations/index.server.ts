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
  donorGiftRows,
  donorMonthlyGift,
  donorMonthlyGifts,
  hasGiven,
  recordMonthlyGiftChange,
} from "./donor-history.server";
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
export {
  cancelMonthlyGift,
  changeMonthlyAmount,
  givingYears,
  yearGifts,
} from "./manage.server";
export { netGiftCents } from "./net-gift.server";
export { isStripeConfigured } from "./payments/provider.server";
export { stripeClient } from "./payments/stripe.server";
export { contributedCents, donorLocale, type StatementGift } from "./receipts.server";
