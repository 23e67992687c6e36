import { provideGiftAddOns } from "#app/features/donations/index.server";
import { newsletterFromGifts } from "#app/features/forms/index.server";
import {
  fundraiserGiftPages,
  fundraiserGiftSubscriber,
} from "#app/features/fundraisers/index.server";
import { tributeDedications, tributeGiftSubscriber } from "#app/features/tributes/index.server";
import { subscribe } from "#app/lib/events.server";

/**
 * Where the features that build on donations are put together with it, so that donations imports
 * none of them (docs/decisions/265-features-through-front-doors.md,
 * docs/decisions/268-donations-asks-its-add-ons-through-ports.md): who takes which of its events
 * (app/lib/events.server.ts), and what they add to a gift (app/features/donations/add-ons.server.ts).
 * The integration tests' setup composes them the same way (tests/setup/integration.ts).
 */
export function composeFeatures() {
  provideGiftAddOns({ dedications: tributeDedications, pages: fundraiserGiftPages });
  subscribe(fundraiserGiftSubscriber, tributeGiftSubscriber, newsletterFromGifts);
}
