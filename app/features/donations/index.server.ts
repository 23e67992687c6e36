export { donationCsvRows } from "./admin/donations.server";
export {
  donorGiftRows,
  donorMonthlyGift,
  donorMonthlyGifts,
  hasGiven,
  recordMonthlyGiftChange,
} from "./donor-history.server";
export {
  cancelMonthlyGift,
  changeMonthlyAmount,
  givingYears,
  yearGifts,
} from "./manage.server";
export { isStripeConfigured } from "./payments/provider.server";
export { stripeClient } from "./payments/stripe.server";
export { contributedCents, donorLocale, type StatementGift } from "./receipts.server";
