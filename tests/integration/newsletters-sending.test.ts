/**
 * Newsletters' sending ledger (docs/decisions/290-newsletter-sending-ledger.md): recipients frozen
 * when a send starts, each in the version of their language, each queued once through the outbox
 * and marked sent only once the outbox handed the mail over; a crash in the middle of a batch and
 * several senders at once lose and double nothing; the rate holds for all senders together.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { mailOutbox, newsletterRecipients, newsletterSubscriptions } from "#app/db/schema";
import { createIssue } from "#app/features/newsletters/issues.server";
import {
  listenForHandedOverNewsletters,
  pauseSend,
  resumeSend,
  scheduleSend,
  sendBatch,
  sendCounts,
  sendTest,
  startDueSends,
  startSend,
} from "#app/features/newsletters/sending.server";
import { resetEnvForTests } from "#app/lib/env.server";
import { fromHoustonLocal } from "#app/lib/houston-calendar";
import { deliverDueMail, stopOutboxWorker } from "#app/lib/outbox.server";
import { decodeQuotedPrintable, outboxMessages } from "#tests/utils";

const AT = new Date("2026-03-02T15:00:00Z");
const minutesLater = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);

beforeAll(() => listenForHandedOverNewsletters());
afterEach(() => {
  delete process.env.NEWSLETTER_MAILS_PER_MINUTE;
  resetEnvForTests();
});

function setRate(perMinute: number) {
  process.env.NEWSLETTER_MAILS_PER_MINUTE = String(perMinute);
  resetEnvForTests();
}

const doc = (text: string) => ({
  type: "doc" as const,
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

async function subscribers(count: number, language = "en", confirmed = true) {
  const rows = Array.from({ length: count }, (_, i) => ({
    firstName: `Reader ${i}`,
    email: `reader-${language}-${i}-${Math.random().toString(36).slice(2, 8)}@example.org`,
    language,
    confirmedAt: confirmed ? AT : null,
  }));
  return db().insert(newsletterSubscriptions).values(rows).returning();
}

const bilingual = () =>
  createIssue({
    subjectEn: "Spring news",
    bodyEn: doc("Beds are open tonight."),
    subjectEs: "Noticias de primavera",
    bodyEs: doc("Hay camas esta noche."),
  });

async function recipientStates(issueId: string) {
  const rows = await db()
    .select({ state: newsletterRecipients.state, count: sql<number>`count(*)::int` })
    .from(newsletterRecipients)
    .where(eq(newsletterRecipients.newsletterId, issueId))
    .groupBy(newsletterRecipients.state);
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
}

/** Delivers what the outbox holds, after the round a batch kicked off has finished. */
async function deliverAll() {
  await stopOutboxWorker();
  while ((await deliverDueMail(100)).sent > 0) {
    // until the outbox is empty
  }
}

/** The mails in the outbox folder, each with its To address and decoded text. */
async function mails() {
  return (await outboxMessages()).map((raw) => ({
    raw,
    unfolded: raw.replace(/\r?\n(?=[ \t])/g, ""),
    to: raw.match(/^To: (.+)$/m)?.[1] ?? "",
    text: decodeQuotedPrintable(raw),
  }));
}

describe("starting a send", () => {
  test("recipients are the confirmed subscribers at the start; later sign-ups are not added", async () => {
    await subscribers(3, "en");
    await subscribers(2, "en", false); // not confirmed: no newsletter
    const [left] = await subscribers(1, "en");
    await db()
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: AT })
      .where(eq(newsletterSubscriptions.id, left.id));
    const id = await bilingual();
    expect(await startSend(id, AT)).toBe(3);
    // A second start (another process, a double click) changes nothing.
    expect(await startSend(id, AT)).toBeNull();
    await subscribers(2, "en"); // joins during the send
    setRate(100);
    await sendBatch(minutesLater(1));
    await deliverAll();
    expect(await recipientStates(id)).toEqual({ sent: 3 });
    expect(await mails()).toHaveLength(3);
  });

  test("each gets their language's version; Spanish falls back to English without one", async () => {
    const [ana] = await subscribers(1, "es");
    const [ben] = await subscribers(1, "en");
    const both = await bilingual();
    await startSend(both, AT);
    setRate(100);
    await sendBatch(AT);
    await deliverAll();
    const sent = await mails();
    const toAna = sent.find((mail) => mail.to === ana.email);
    const toBen = sent.find((mail) => mail.to === ben.email);
    expect(toAna?.raw).toMatch(/^Subject: Noticias de primavera$/m);
    expect(toAna?.text).toContain("Hay camas esta noche.");
    expect(toAna?.raw).toMatch(/^Content-Language: es/m);
    expect(toBen?.raw).toMatch(/^Subject: Spring news$/m);
    expect(toBen?.text).toContain("Beds are open tonight.");

    const englishOnly = await createIssue({
      subjectEn: "English only",
      bodyEn: doc("Only in English."),
      subjectEs: null,
      bodyEs: null,
    });
    await startSend(englishOnly, AT);
    await sendBatch(minutesLater(1));
    await deliverAll();
    const fallback = (await mails()).filter((mail) => mail.to === ana.email);
    expect(fallback.map((mail) => mail.raw.match(/^Subject: (.+)$/m)?.[1]).sort()).toEqual([
      "English only",
      "Noticias de primavera",
    ]);
    const [row] = await db()
      .select()
      .from(newsletterRecipients)
      .where(
        and(
          eq(newsletterRecipients.newsletterId, englishOnly),
          eq(newsletterRecipients.subscriberId, ana.id),
        ),
      );
    expect(row.language).toBe("en");
  });

  test("a scheduled send starts at its Houston time, not before", async () => {
    await subscribers(2);
    const id = await bilingual();
    const sendAt = fromHoustonLocal("2026-03-02T18:30")!;
    expect(await scheduleSend(id, sendAt, AT)).toBe(true);
    expect(await startDueSends(new Date(sendAt.getTime() - 1000))).toBe(0);
    expect(await recipientStates(id)).toEqual({});
    expect(await startDueSends(sendAt)).toBe(1);
    // Two schedulers at once start it once.
    expect(await startDueSends(sendAt)).toBe(0);
    expect(await recipientStates(id)).toEqual({ pending: 2 });
  });
});

describe("the ledger", () => {
  test("a row is queued with its mail and marked sent only when the outbox hands it over", async () => {
    await subscribers(4);
    const id = await bilingual();
    await startSend(id, AT);
    setRate(100);
    await stopOutboxWorker();
    expect(await sendBatch(AT)).toBe(4);
    await stopOutboxWorker();
    // Whatever the kicked round did, queued and sent add up, and each row has one outbox mail.
    const states = await recipientStates(id);
    expect((states.queued ?? 0) + (states.sent ?? 0)).toBe(4);
    const outbox = await db().select().from(mailOutbox);
    expect(outbox).toHaveLength(4);
    for (const mail of outbox) {
      const [row] = await db()
        .select()
        .from(newsletterRecipients)
        .where(eq(newsletterRecipients.id, mail.dedupeKey.replace("newsletter:", "")));
      expect(row.state).toBe(mail.sentAt ? "sent" : "queued");
    }
    await deliverAll();
    expect(await recipientStates(id)).toEqual({ sent: 4 });
    expect(await sendCounts([id])).toEqual(
      new Map([[id, { toSend: 0, sent: 4, failed: 0, skipped: 0 }]]),
    );
  });

  test("a crash in the middle of a batch queues nothing of it; the next batch sends each once", async () => {
    const readers = await subscribers(6);
    const id = await bilingual();
    await startSend(id, AT);
    setRate(100);
    // The fifth mail's insert fails, as a process killed in the middle of the batch would.
    await db().execute(
      sql.raw(`create function fail_newsletter() returns trigger language plpgsql as $$
        begin if new."to" = '${readers[4].email}' then raise exception 'killed'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw(
        "create trigger fail_newsletter before insert on mail_outbox for each row execute function fail_newsletter()",
      ),
    );
    try {
      await expect(sendBatch(AT)).rejects.toThrow();
    } finally {
      await db().execute(sql.raw("drop trigger fail_newsletter on mail_outbox"));
      await db().execute(sql.raw("drop function fail_newsletter()"));
    }
    expect(await recipientStates(id)).toEqual({ pending: 6 });
    expect(await db().select().from(mailOutbox)).toHaveLength(0);
    expect(await sendBatch(AT)).toBe(6);
    await deliverAll();
    const sent = await mails();
    expect(sent.map((mail) => mail.to).sort()).toEqual(readers.map((r) => r.email).sort());
  });

  test("several senders at once: every recipient queued exactly once", async () => {
    const readers = await subscribers(60);
    const id = await bilingual();
    await startSend(id, AT);
    setRate(1000);
    const queued = await Promise.all(Array.from({ length: 6 }, () => sendBatch(AT)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(60);
    await deliverAll();
    const sent = (await mails()).map((mail) => mail.to).sort();
    expect(sent).toEqual(readers.map((r) => r.email).sort());
    expect(await recipientStates(id)).toEqual({ sent: 60 });
  });

  test("the rate holds across senders and minutes", async () => {
    await subscribers(25);
    const id = await bilingual();
    await startSend(id, AT);
    setRate(10);
    const first = await Promise.all([sendBatch(AT), sendBatch(AT), sendBatch(AT)]);
    expect(first.reduce((a, b) => a + b, 0)).toBe(10);
    expect(await sendBatch(new Date(AT.getTime() + 59_000))).toBe(0);
    expect(await sendBatch(minutesLater(1))).toBe(10);
    expect(await sendBatch(minutesLater(2))).toBe(5);
    expect((await recipientStates(id)).pending).toBeUndefined();
  });

  test("pause stops claiming; resume goes on; who left meanwhile is skipped", async () => {
    await subscribers(5);
    const id = await bilingual();
    await startSend(id, AT);
    setRate(2);
    expect(await sendBatch(AT)).toBe(2);
    expect(await pauseSend(id, AT)).toBe(true);
    expect(await sendBatch(minutesLater(1))).toBe(0);
    const [waiting] = await db()
      .select({ subscriberId: newsletterRecipients.subscriberId })
      .from(newsletterRecipients)
      .where(
        and(eq(newsletterRecipients.newsletterId, id), eq(newsletterRecipients.state, "pending")),
      )
      .limit(1);
    await db()
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: minutesLater(1) })
      .where(eq(newsletterSubscriptions.id, waiting.subscriberId));
    expect(await resumeSend(id, minutesLater(2))).toBe(true);
    setRate(100);
    expect(await sendBatch(minutesLater(2))).toBe(2);
    await deliverAll();
    expect(await recipientStates(id)).toEqual({ sent: 4, skipped: 1 });
  });

  test("a test send goes to the staff member alone, in each version, and is no recipient", async () => {
    await subscribers(2);
    const id = await bilingual();
    expect(await sendTest(id, "staff@example.org")).toBe(true);
    await deliverAll();
    const sent = await mails();
    expect(sent.map((mail) => mail.to)).toEqual(["staff@example.org", "staff@example.org"]);
    expect(sent.map((mail) => mail.raw.match(/^Subject: (.+)$/m)?.[1]).sort()).toEqual([
      "[Test] Noticias de primavera",
      "[Test] Spring news",
    ]);
    expect(await recipientStates(id)).toEqual({});
  });
});

describe("every mail's headers and footer", () => {
  test("List-Unsubscribe (https and mailto), one-click, List-Id, the postal address", async () => {
    const [reader] = await subscribers(1);
    const id = await bilingual();
    await startSend(id, AT);
    setRate(10);
    await sendBatch(AT);
    await deliverAll();
    const [mail] = await mails();
    const header = mail.unfolded.match(/^List-Unsubscribe: (.+)$/m)?.[1] ?? "";
    const [https, mailto] = header.split(/,\s*/).map((part) => part.replace(/^<|>$/g, ""));
    expect(https).toMatch(/^http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=.+/);
    expect(mailto).toMatch(/^mailto:/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail.unfolded).toMatch(/^List-Id: .+ <newsletter\.localhost>$/im);
    expect(mail.text).toContain("1234 Main Street, Houston, TX 77002");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/unsubscribe\?token=\S+/);
    expect(mail.to).toBe(reader.email);
  });
});

describe("the HTML part", () => {
  test("the body through the rich-text renderer, site links made absolute, the footer", async () => {
    await subscribers(1);
    const id = await createIssue({
      subjectEn: "Links",
      bodyEn: {
        type: "doc",
        content: [
          { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Tonight" }] },
          {
            type: "paragraph",
            content: [
              {
                type: "text",
                text: "Find a bed",
                marks: [{ type: "link", attrs: { href: "/find-help" } }],
              },
            ],
          },
        ],
      },
      subjectEs: null,
      bodyEs: null,
    });
    await startSend(id, AT);
    setRate(10);
    await sendBatch(AT);
    await deliverAll();
    const [mail] = await mails();
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.text).toContain("<h2>Tonight</h2>");
    expect(mail.text).toContain('href="http://localhost:3000/find-help"');
    expect(mail.text).toContain("Find a bed (http://localhost:3000/find-help)");
  });
});
