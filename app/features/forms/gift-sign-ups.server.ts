import { z } from "zod";
import { newsletterSubscriptions } from "#app/db/schema/forms";
import { now } from "#app/lib/clock.server";
import type { Subscriber } from "#app/lib/events.server";

/** What this subscriber reads of a `gift.succeeded` event (app/features/donations/events/moves.server.ts). */
const giftSignUp = z.object({
  /** The donor's address when they ticked the newsletter box, else null. */
  newsletterEmail: z.string().nullable(),
  donorName: z.string().nullable(),
  language: z.string(),
});

/**
 * A donor who ticked "newsletter" on the gift form is signed up once their gift succeeds. The
 * sign-ups are this feature's table, so it takes the payments' event (composed in
 * server/features.ts) rather than donations writing here. An address already signed up is left
 * as it is (an unsubscribed one stays unsubscribed), and an event offered twice adds one row.
 */
export const newsletterFromGifts: Subscriber = {
  name: "forms.newsletter-from-gifts",
  topics: ["gift.succeeded"],
  async take(event, tx) {
    const facts = giftSignUp.parse(event.payload);
    if (!facts.newsletterEmail) return;
    await tx
      .insert(newsletterSubscriptions)
      .values({
        firstName: facts.donorName?.split(" ")[0] || "Friend",
        email: facts.newsletterEmail,
        source: "donation",
        language: facts.language,
        // Confirmed (double opt-in): the paid gift's receipt reached this address.
        confirmedAt: now(),
      })
      .onConflictDoNothing({ target: newsletterSubscriptions.email });
  },
};
