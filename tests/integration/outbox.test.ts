/**
 * The durable mail outbox against a local SMTP server that fails the way real ones do: a receipt
 * queued while SMTP is down waits, is retried with a growing delay, and is sent exactly once when
 * SMTP comes back; a sender that dies holding a mail does not lose it.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { donations, mailOutbox } from "#app/db/schema";
import { applyPaymentEvent } from "#app/features/donations/events.server";
import { NO_GOODS_OR_SERVICES } from "#app/features/donations/receipts.server";
import { resetEnvForTests } from "#app/lib/env.server";
import { deliverDueMail, stopOutboxWorker } from "#app/lib/outbox.server";
import { type SmtpFake, startSmtpFake } from "#tests/fakes/smtp-server";
import { decodeQuotedPrintable } from "#tests/utils";

let smtp: SmtpFake;

beforeAll(async () => {
  smtp = await startSmtpFake();
  process.env.SMTP_URL = smtp.url;
  resetEnvForTests();
});

beforeEach(() => {
  smtp.setMode("accept");
  smtp.messages.splice(0);
});

afterEach(() => stopOutboxWorker());

afterAll(async () => {
  await smtp.close();
  delete process.env.SMTP_URL;
  resetEnvForTests();
});

const DONOR_EMAIL = "rosa@example.org";

/**
 * A gift succeeds through the webhook's code (test payment mode), which queues its receipt and
 * starts a delivery round; that round is let finish before the test looks.
 */
async function succeededGift() {
  const [donation] = await db()
    .insert(donations)
    .values({
      donorName: "Rosa Diaz",
      donorEmail: DONOR_EMAIL,
      amount: 2500,
      paymentReference: "pi_test_outbox",
      paymentIntentId: "pi_test_outbox",
    })
    .returning();
  await paymentSucceeded("evt_test_outbox");
  return donation;
}

/** Stripe's word that the gift's payment succeeded, applied by the webhook's code. */
async function paymentSucceeded(eventId: string) {
  const result = await applyPaymentEvent({
    id: eventId,
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: "pi_test_outbox" } },
  });
  expect(result).toBe("applied");
  await stopOutboxWorker();
}

async function outboxRow() {
  const rows = await db().select().from(mailOutbox);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Seconds until the row's next attempt, by the database's clock. */
async function secondsUntilRetry(id: string) {
  const [row] = await db()
    .select({ wait: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float8` })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return Number(row.wait);
}

/** Time passes until the row is due (the retry delay, or an expired claim). */
async function makeDue() {
  await db().update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

describe("the mail outbox", () => {
  test("an SMTP outage: the receipt waits, is retried later, and is sent exactly once", async () => {
    smtp.setMode("tempfail");
    await succeededGift();

    let row = await outboxRow();
    expect(row).toMatchObject({ kind: "receipt", to: DONOR_EMAIL, attempts: 1, sentAt: null });
    expect(row.lastError).toContain("451");
    // Retried after a delay, not hammered.
    expect(await secondsUntilRetry(row.id)).toBeGreaterThan(20);
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });

    // Still down, now refusing connections: the delay grows.
    smtp.setMode("drop");
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 1 });
    row = await outboxRow();
    expect(row).toMatchObject({ attempts: 2, sentAt: null });
    expect(await secondsUntilRetry(row.id)).toBeGreaterThan(50);
    expect(smtp.messages).toHaveLength(0);

    // Back up: sent once, and never again.
    smtp.setMode("accept");
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 1, failed: 0 });
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    row = await outboxRow();
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    const [mail] = smtp.messages;
    expect(mail.to).toEqual([`<${DONOR_EMAIL}>`]);
    const text = decodeQuotedPrintable(mail.data);
    expect(text).toContain(`Message-ID: <outbox-${row.id}@localhost>`);
    expect(text).toContain("Subject: Your donation receipt from");
    expect(text).toContain(NO_GOODS_OR_SERVICES);
  });

  test("a sender that dies holding a mail: the claim expires and another round sends it", async () => {
    smtp.setMode("stall");
    await db().insert(mailOutbox).values({
      dedupeKey: "receipt:crash-test",
      kind: "receipt",
      to: DONOR_EMAIL,
      subject: "Your donation receipt",
      text: NO_GOODS_OR_SERVICES,
    });

    // This round claims the mail, then hangs talking to SMTP (as a process that crashed would).
    const hung = deliverDueMail();
    await expect.poll(async () => (await outboxRow()).attempts).toBe(1);
    // Its connection is open and hanging before the server starts accepting again.
    await expect.poll(() => smtp.stalledConnections()).toBe(1);

    // While the claim holds, nobody else sends it.
    smtp.setMode("accept");
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);

    // The claim runs out; the next round sends it.
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);

    // The hung sender's connection finally drops: it does not undo the sent state.
    smtp.release();
    expect(await hung).toEqual({ sent: 0, failed: 1 });
    const row = await outboxRow();
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  test("two delivery rounds at once send each mail once", async () => {
    await db()
      .insert(mailOutbox)
      .values(
        ["a", "b", "c"].map((key) => ({
          dedupeKey: `statement:${key}`,
          kind: "statement",
          to: `${key}@example.org`,
          subject: "Your giving statement",
          text: "Thank you.",
        })),
      );
    const rounds = await Promise.all([deliverDueMail(), deliverDueMail()]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(3);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([
      "<a@example.org>",
      "<b@example.org>",
      "<c@example.org>",
    ]);
  });

  test("the same cause never queues a second receipt", async () => {
    await succeededGift();
    // Another event for the same payment (say, a later retry of the webhook under a new id).
    await paymentSucceeded("evt_test_outbox_again");
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
  });
});
