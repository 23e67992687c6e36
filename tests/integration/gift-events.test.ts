/**
 * Payments announce what happened (app/lib/events.server.ts,
 * docs/decisions/265-features-through-front-doors.md): each change to a gift writes its event with
 * the change, the features that subscribe take it after the commit, and a subscriber offered an
 * event twice (a crash before the event was marked) has the effect of once.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { eventDeliveries, events, mailOutbox, newsletterSubscriptions } from "#app/db/schema";
import { applyPaymentEvent } from "#app/features/donations/events.server";
import { newsletterAudience } from "#app/features/forms/index.server";
import { stopTributeCardWorker } from "#app/features/tributes/cards.server";
import { tributeGiftSubscriber } from "#app/features/tributes/gift-events.server";
import { dispatchEvents, subscribe } from "#app/lib/events.server";
import { give, pageIn } from "./fundraiser-helpers";

const ownerMails = () =>
  db().select().from(mailOutbox).where(eq(mailOutbox.kind, "fundraiser-gift"));
const allEvents = () => db().select().from(events).orderBy(asc(events.createdAt));

// The setup subscribes the fundraisers (tests/setup/integration.ts); these tests take the
// tributes' subscriber too, as server/features.ts does.
let unsubscribe: () => void;
beforeAll(() => {
  unsubscribe = subscribe(tributeGiftSubscriber);
});
afterAll(async () => {
  unsubscribe();
  await stopTributeCardWorker();
});

afterEach(() => {
  delete process.env.EVENTS_HELD;
});

describe("a gift's events", () => {
  test("a succeeded gift on a page is announced with the change, and its owner hears of it once", async () => {
    const page = await pageIn("approved");
    const { row } = await give(page.slug, { donorName: "Eva Event" });
    expect(row.status).toBe("succeeded");
    const [event] = await allEvents();
    expect(event).toMatchObject({
      topic: "gift.succeeded",
      payload: expect.objectContaining({
        donationId: row.id,
        fundraiserId: page.id,
        amountCents: 5000,
      }),
    });
    expect(event.dispatchedAt).not.toBeNull();
    const deliveries = await db().select().from(eventDeliveries);
    expect(deliveries.map((delivery) => delivery.subscriber).sort()).toEqual([
      "forms.newsletter-from-gifts",
      "fundraisers.gifts",
      "tributes.cards",
    ]);
    expect(await ownerMails()).toHaveLength(1);

    // A crash after the subscribers took it, before it was marked: offered again, taken once.
    await db()
      .update(events)
      .set({ dispatchedAt: null, nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await dispatchEvents()).toEqual({ dispatched: 1, failed: 0 });
    expect(await ownerMails()).toHaveLength(1);
    expect(await db().select().from(eventDeliveries)).toHaveLength(3);
  });

  test("a donor who asked for the newsletter is signed up once the gift succeeds, once", async () => {
    const page = await pageIn("approved");
    const { row } = await give(page.slug, {
      donorName: "Noa Letter",
      donorEmail: "noa@example.org",
      newsletter: "on",
    });
    await give(page.slug, { donorEmail: "quiet@example.org" });
    const signUps = () => db().select().from(newsletterSubscriptions);
    expect(await signUps()).toEqual([
      expect.objectContaining({
        email: "noa@example.org",
        firstName: "Noa",
        source: "donation",
        language: "en",
        // Confirmed as it is added: the receipt reached the address (double opt-in).
        confirmedAt: expect.any(Date),
      }),
    ]);
    expect((await newsletterAudience(db())).map((subscriber) => subscriber.email)).toEqual([
      "noa@example.org",
    ]);
    expect(row.newsletterOptIn).toBe(true);
    // Offered again after a crash: still one sign-up.
    await db()
      .update(events)
      .set({ dispatchedAt: null, nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await dispatchEvents()).toEqual({ dispatched: 2, failed: 0 });
    expect(await signUps()).toHaveLength(1);
  });

  test("held until a restart, an event is dispatched by the next round, once", async () => {
    const page = await pageIn("approved");
    process.env.EVENTS_HELD = "1";
    await give(page.slug);
    const [held] = await allEvents();
    expect(held.dispatchedAt).toBeNull();
    expect(await ownerMails()).toHaveLength(0);
    delete process.env.EVENTS_HELD;
    expect(await dispatchEvents()).toEqual({ dispatched: 1, failed: 0 });
    expect(await dispatchEvents()).toEqual({ dispatched: 0, failed: 0 });
    expect(await ownerMails()).toHaveLength(1);
  });

  test("refunds in part and in whole, and a failed gift, are announced as such", async () => {
    const page = await pageIn("approved");
    const { row } = await give(page.slug);
    const refund = (id: string, refunded: number) =>
      applyPaymentEvent({
        id,
        type: "charge.refunded",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { payment_intent: row.paymentIntentId, amount: 5000, amount_refunded: refunded },
        },
      });
    await refund("evt_part", 1000);
    await refund("evt_whole", 5000);
    const announced = (await allEvents()).map((event) => [
      event.topic,
      event.payload.whole ?? null,
    ]);
    expect(announced).toEqual([
      ["gift.succeeded", null],
      ["gift.refunded", false],
      ["gift.refunded", true],
    ]);
    expect((await allEvents()).every((event) => event.dispatchedAt !== null)).toBe(true);
  });

  test("a subscriber that fails keeps its event for a later round, and its writes roll back", async () => {
    let fail = true;
    const unsubscribeFlaky = subscribe({
      name: "tests.flaky",
      topics: ["gift.succeeded"],
      async take(event, tx) {
        await tx.insert(mailOutbox).values({
          dedupeKey: `flaky:${event.id}`,
          kind: "flaky",
          to: "flaky@example.org",
          subject: "s",
          text: "t",
        });
        if (fail) throw new Error("not now");
      },
    });
    try {
      const page = await pageIn("approved");
      await give(page.slug);
      const [event] = await allEvents();
      expect(event.dispatchedAt).toBeNull();
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "flaky"))).toHaveLength(
        0,
      );
      expect(await ownerMails()).toHaveLength(1);
      fail = false;
      await db().update(events).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      expect(await dispatchEvents()).toEqual({ dispatched: 1, failed: 0 });
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "flaky"))).toHaveLength(
        1,
      );
      expect(await ownerMails()).toHaveLength(1);
    } finally {
      unsubscribeFlaky();
    }
  });
});
