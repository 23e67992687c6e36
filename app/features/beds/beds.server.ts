/**
 * The announcement of count changes to the page cache: server/app.ts wires `onBedsChange` to the
 * "services" topic, as it does the finder's own changes
 * (docs/decisions/163-page-topics-and-finder-freshness.md). Other processes see a change through
 * the service's `last_modified`, which every write here bumps.
 */
type BedsChangeListener = () => void;
const listeners = new Set<BedsChangeListener>();

/** Returns the function that stops listening. */
export function onBedsChange(listener: BedsChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function bedsChanged() {
  for (const listener of listeners) listener();
}
