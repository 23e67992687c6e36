/** The longest message a donor may leave a fundraiser page's owner (docs/decisions/224-fundraiser-gift-options.md). */
export const GIFT_MESSAGE_MAX = 500;
