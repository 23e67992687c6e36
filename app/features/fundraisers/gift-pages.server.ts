/**
 * The fundraisers' side of a gift, as donations asks for it (app/features/donations/add-ons.server.ts):
 * the page a gift or a later month counts on, and page titles for receipts and the Donations tab.
 * Composed at start (server/features.ts).
 */
import type { GiftPages } from "#app/features/donations/index.server";
import { fundraiserForGift, fundraiserTitles, giftPage, monthFundraiserId } from "./gifts.server";

export const fundraiserGiftPages: GiftPages = {
  forGift: (slug) => fundraiserForGift(slug),
  forMonth: (runner, pageId) => monthFundraiserId(runner, pageId),
  title: async (runner, pageId) => (await giftPage(runner, pageId))?.title ?? null,
  titles: fundraiserTitles,
};
