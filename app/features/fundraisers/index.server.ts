export { FUNDRAISER_CSV_COLUMNS, fundraiserCsvRows } from "./admin/fundraisers.server";
export { onFundraisersChange } from "./changes.server";
export { watchFundraiserEndDates } from "./end-dates.server";
export { fundraiserGiftSubscriber } from "./gift-events.server";
export {
  fundraiserForGift,
  fundraiserTitles,
  giftPage,
  monthFundraiserId,
  netGiftCents,
  queueOwnerGiftMails,
} from "./gifts.server";
export { fundraisersOwnedBy } from "./owned.server";
export { approvedFundraiserSlugs } from "./public-pages.server";
