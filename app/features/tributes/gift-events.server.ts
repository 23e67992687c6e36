import type { Subscriber } from "#app/lib/events.server";
import { kickTributeCards } from "./cards.server";

/**
 * What the tributes feature does when a gift succeeds (the donations feature's events,
 * app/features/donations/events/moves.server.ts): a card due today goes now rather than at the
 * card worker's next round. The card itself is the gift's dedication row, sent once by
 * cards.server.ts whenever its day has come and its gift has succeeded, so there is nothing to
 * write here, and taking the event twice sends no second card.
 */
export const tributeGiftSubscriber: Subscriber = {
  name: "tributes.cards",
  topics: ["gift.succeeded"],
  async take() {},
  afterCommit() {
    kickTributeCards();
  },
};
