// A newsletter sent by two app processes at once (docs/decisions/290-newsletter-sending-ledger.md):
// each recipient is queued exactly once, and the rate holds for both together, minute by minute.
// Two separate Node processes, each with its own connection pool, released together. Run by the
// integration-postgres project only (vitest.config.ts).
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { mailOutbox, newsletterRecipients, newsletterSubscriptions } from "#app/db/schema";
import { createIssue } from "#app/features/newsletters/issues.server";
import { startSend } from "#app/features/newsletters/sending.server";
import { appProcess, releaseTogether, stopAll } from "./app-processes";

const AT = new Date("2026-03-02T15:00:00Z");
const RATE = 150;

/** An app process sending the batches of AT's minute and the next (newsletters-send-process.ts). */
function sendProcess() {
  return appProcess("tests/integration/newsletters-send-process.ts", [AT.toISOString()], {
    NEWSLETTER_MAILS_PER_MINUTE: String(RATE),
  });
}

describe("a send from two app processes", () => {
  test("300 recipients, 150 a minute: each queued once, 150 in each minute across both", {
    timeout: 180_000,
  }, async () => {
    await db()
      .insert(newsletterSubscriptions)
      .values(
        Array.from({ length: 2 * RATE }, (_, n) => ({
          firstName: `Reader ${n}`,
          email: `reader-${n}@example.org`,
          confirmedAt: AT,
        })),
      );
    const id = await createIssue({
      subjectEn: "Two processes",
      bodyEn: {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }],
      },
      subjectEs: null,
      bodyEs: null,
    });
    expect(await startSend(id, AT)).toBe(2 * RATE);
    const processes = [sendProcess(), sendProcess()];
    try {
      const queued = (await releaseTogether(processes)).map(
        (line) => JSON.parse(line) as [number, number],
      );
      expect(await Promise.all(processes.map(({ exited }) => exited))).toEqual([0, 0]);
      // The rate across both, in each minute.
      expect(queued[0][0] + queued[1][0]).toBe(RATE);
      expect(queued[0][1] + queued[1][1]).toBe(RATE);
      // Each recipient queued once: one outbox mail each, every row queued.
      const mails = await db().select({ to: mailOutbox.to }).from(mailOutbox);
      expect(mails).toHaveLength(2 * RATE);
      expect(new Set(mails.map((mail) => mail.to)).size).toBe(2 * RATE);
      const rows = await db()
        .select({ state: newsletterRecipients.state })
        .from(newsletterRecipients);
      expect(rows.every((row) => row.state === "queued")).toBe(true);
    } finally {
      stopAll(processes);
    }
  });
});
