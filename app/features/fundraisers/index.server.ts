export { FUNDRAISER_CSV_COLUMNS, fundraiserCsvRows } from "./admin/fundraisers.server";
export { onFundraisersChange } from "./changes.server";
export { watchFundraiserEndDates } from "./end-dates.server";
export { fundraiserGiftSubscriber } from "./gift-events.server";
export { fundraiserGiftPages } from "./gift-pages.server";
export { fundraiserForGift, fundraiserTitles, queueOwnerGiftMails } from "./gifts.server";
export { fundraisersOwnedBy } from "./owned.server";
export { fundraiserPhotoHoldsFile } from "./photos.server";
export { approvedFundraiserSlugs } from "./public-pages.server";
