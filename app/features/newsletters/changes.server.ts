import { changeSignal } from "#app/lib/change-signal";

/** Listeners told when an issue is sent: the page cache drops the archive. */
const newsletters = changeSignal();

export const onNewslettersChange = newsletters.listen;
export const newslettersChanged = newsletters.announce;
