/** The announcement of changes to what fundraiser pages show (docs/decisions/221-fundraisers.md). */
type ChangeListener = () => void;
const changeListeners = new Set<ChangeListener>();

/**
 * Tells the page cache (server/page-cache/) that what a fundraiser page shows changed, so it drops
 * the pages of topic "fundraisers". Returns the function that stops listening.
 */
export function onFundraisersChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Drops the cached fundraiser pages (after any change to what they show). */
export function fundraisersChanged() {
  for (const listener of changeListeners) listener();
}
