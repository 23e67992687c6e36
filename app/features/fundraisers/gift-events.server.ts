import { z } from "zod";
import type { Happening, Subscriber } from "#app/lib/events.server";
import { kickOutbox } from "#app/lib/outbox.server";
import { fundraisersChanged } from "./changes.server";
import { giftPage, queueOwnerGiftMails } from "./gifts.server";

/**
 * What the fundraisers feature does when a gift changes (the donations feature's events,
 * app/features/donations/events/moves.server.ts): a succeeded gift on a page tells its owner and,
 * the first time raised reaches a mark, that news too; any change to a page's gift drops the
 * cached page, whose raised amount and honour roll may show it (docs/decisions/221-fundraisers.md).
 * Run twice, it queues each mail once: the delivery is recorded with them, and their dedupe keys
 * name the gift and the mark.
 */
const gift = z.object({
  donationId: z.string(),
  fundraiserId: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  donorName: z.string().nullable(),
  isAnonymous: z.boolean(),
  giftMessage: z.string().nullable(),
});

const onAPage = (event: Happening) => typeof event.payload.fundraiserId === "string";

export const fundraiserGiftSubscriber: Subscriber = {
  name: "fundraisers.gifts",
  topics: ["gift.succeeded", "gift.failed", "gift.refunded", "gift.moved"],
  async take(event, tx) {
    if (event.topic !== "gift.succeeded" || !onAPage(event)) return;
    const facts = gift.parse(event.payload);
    const page = await giftPage(tx, facts.fundraiserId);
    if (!page) return;
    await queueOwnerGiftMails(tx, page, {
      id: facts.donationId,
      donorName: facts.donorName,
      isAnonymous: facts.isAnonymous,
      amount: facts.amountCents,
      currency: facts.currency,
      giftMessage: facts.giftMessage,
    });
  },
  afterCommit(event) {
    if (!onAPage(event)) return;
    fundraisersChanged();
    if (event.topic === "gift.succeeded") kickOutbox();
  },
};
