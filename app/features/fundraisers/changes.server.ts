import { changeSignal } from "#app/lib/change-signal";

/** The announcement of changes to what fundraiser pages show (docs/decisions/221-fundraisers.md). */
const fundraisers = changeSignal();

/**
 * Tells the page cache (server/page-cache/) that what a fundraiser page shows changed, so it drops
 * the pages of topic "fundraisers". Returns the function that stops listening.
 */
export const onFundraisersChange = fundraisers.listen;

/** Drops the cached fundraiser pages (after any change to what they show). */
export const fundraisersChanged = fundraisers.announce;
