/**
 * A report marked "verified today" changes the service's public "Last verified" date: server/app.ts
 * wires `onListingVerified` to the page cache's "services" topic, as it does the beds' changes
 * (app/features/beds/beds.server.ts).
 */
const listeners = new Set<() => void>();

/** Returns the function that stops listening. */
export function onListingVerified(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function listingVerified() {
  for (const listener of listeners) listener();
}
