import { changeSignal } from "#app/lib/change-signal";

/** The announcement that what a published page shows changed (docs/decisions/281-pages-drafts-and-publishing.md). */
const pagesSignal = changeSignal();

/**
 * Tells the page cache (server/page-cache/) that a page was published, so it drops the pages of
 * topic "pages" in every process. Returns the function that stops listening.
 */
export const onPagesChange = pagesSignal.listen;

export const pagesChanged = pagesSignal.announce;
