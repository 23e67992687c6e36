/**
 * Payments announce what happened (app/lib/events.server.ts,
 * docs/decisions/265-features-through-front-doors.md): a gift's event is committed with the gift,
 * and a kill -9 between that commit and the event's dispatch loses nothing and doubles nothing.
 * The first process holds its events (EVENTS_HELD) so the kill lands in that gap; after the
 * restart the fundraiser's owner hears of the gift once, the tribute card is sent once, and the
 * page's total counts the gift once. On PostgreSQL, whose rows the test reads while the app runs.
 */
import { afterAll, describe, expect, test } from "vitest";
import {
  type AppProcess,
  freshDatabase,
  killApp,
  postForm,
  query,
  request,
  sleep,
  startApp,
  tempDir,
} from "./harness";

const apps: AppProcess[] = [];
afterAll(async () => {
  for (const app of apps) await killApp(app);
});

const houstonToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(250);
  }
}

describe("a gift's events across a kill -9", () => {
  test("on PostgreSQL: the owner's mail and the card go once, the total counts the gift once", async () => {
    const database = await freshDatabase();
    try {
      const env = { DATA_DIR: tempDir("gift-events"), DATABASE_URL: database.url };
      const app = await startApp({ ...env, EVENTS_HELD: "1" });
      apps.push(app);
      const slug = "crash-drive";
      await query(
        database.url,
        `insert into fundraisers (slug, owner_name, owner_email, title, story, goal_cents, status)
         values ($1, 'Sam Lee', 'sam@example.org', 'Crash drive', 'A story.', 100000, 'approved')`,
        [slug],
      );

      // A gift with a card for today, given without scripts (no proof of work), then paid with the
      // test payment mode's card (docs/decisions/074-test-payment-mode.md).
      const given = await postForm(app, `/donate?fundraiser=${slug}`, {
        panel: "full",
        frequency: "once",
        preset: "50",
        donorName: "Ana Donor",
        donorEmail: "ana@example.org",
        fundraiser: slug,
        tributeKind: "memory",
        tributeHonoree: "Abuela Rosa",
        tributeCard: "on",
        tributeRecipientName: "Carmen Ruiz",
        tributeRecipientEmail: "carmen@example.org",
        tributeMessage: "Siempre te recordamos.",
        tributeLanguage: "es",
        tributeSendOn: houstonToday(),
      });
      expect(given.status, given.body.slice(0, 500)).toBe(302);
      const location = String(given.headers.location);
      const [, id, token] = location.match(/\/donate\/pay\/([0-9a-f-]{36})\?token=(.+)$/) ?? [];
      expect(id, location).toBeDefined();
      const paid = await postForm(app, `/donate/pay/${id}`, {
        token: decodeURIComponent(token),
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/34",
        cvc: "123",
      });
      expect(paid.status).toBeLessThan(400);

      // Committed with the gift, not dispatched: the owner has heard nothing yet.
      const [gift] = await query<{ status: string }>(
        database.url,
        "select status from donations where id = $1",
        [id],
      );
      expect(gift.status).toBe("succeeded");
      const held = await query<{ topic: string; dispatched_at: Date | null }>(
        database.url,
        "select topic, dispatched_at from events",
      );
      expect(held).toEqual([{ topic: "gift.succeeded", dispatched_at: null }]);
      const ownerMails = () =>
        query(database.url, "select id from mail_outbox where kind = 'fundraiser-gift'");
      expect(await ownerMails()).toHaveLength(0);

      await killApp(app);
      const again = await startApp(env);
      apps.push(again);
      await until("the event's dispatch", async () => {
        const [row] = await query<{ dispatched_at: Date | null }>(
          database.url,
          "select dispatched_at from events",
        );
        return row.dispatched_at ?? undefined;
      });
      expect(await ownerMails()).toHaveLength(1);
      const deliveries = await query<{ subscriber: string }>(
        database.url,
        "select subscriber from event_deliveries order by subscriber",
      );
      // Every subscriber server/features.ts composes took it once (the forms' one adds no sign-up:
      // the donor did not ask for the newsletter).
      expect(deliveries.map((row) => row.subscriber)).toEqual([
        "forms.newsletter-from-gifts",
        "fundraisers.gifts",
        "tributes.cards",
      ]);
      const cards = await until("the tribute card", async () => {
        const rows = await query<{ sent_at: Date | null }>(
          database.url,
          "select sent_at from mail_outbox where kind = 'tribute-card'",
        );
        return rows.length > 0 && rows.every((row) => row.sent_at) ? rows : undefined;
      });
      expect(cards).toHaveLength(1);
      const page = await request(`${again.url}/fundraise/${slug}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/\$50(\.00)? raised from 1 gift\b/);
      await killApp(again);
    } finally {
      await database.drop();
    }
  });
});
