import { fundraiserGiftSubscriber } from "#app/features/fundraisers/index.server";
import { tributeGiftSubscriber } from "#app/features/tributes/index.server";
import { subscribe } from "#app/lib/events.server";

/**
 * Who takes which event (app/lib/events.server.ts): composed here, where the app is put together,
 * so the feature that writes an event (donations) imports none of the features that take it
 * (docs/decisions/265-features-through-front-doors.md). The integration tests' setup composes
 * them too (tests/setup/integration.ts).
 */
export function subscribeFeatures() {
  subscribe(fundraiserGiftSubscriber, tributeGiftSubscriber);
}
