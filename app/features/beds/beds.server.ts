import { changeSignal } from "#app/lib/change-signal";

/**
 * The announcement of count changes to the page cache: server/app.ts wires `onBedsChange` to the
 * "services" topic, as it does the finder's own changes
 * (docs/decisions/163-page-topics-and-finder-freshness.md). Other processes see a change through
 * the service's `last_modified`, which every write here bumps.
 */
const beds = changeSignal();

/** Returns the function that stops listening. */
export const onBedsChange = beds.listen;
export const bedsChanged = beds.announce;
