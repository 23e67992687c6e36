/**
 * A newsletter's send across a kill -9 (docs/decisions/290-newsletter-sending-ledger.md): 500
 * confirmed subscribers, the server killed while it sends, started again; every subscriber gets
 * the issue exactly once (a mail handed to SMTP just before the kill may be handed again, with
 * the same Message-ID: mail programs show one). On PostgreSQL, whose rows the test reads while
 * the app runs, with a local SMTP server that records every delivery.
 */
import { afterAll, describe, expect, test } from "vitest";
import { type SmtpFake, startSmtpFake } from "#tests/fakes/smtp-server";
import {
  type AppProcess,
  freshDatabase,
  killApp,
  query,
  sleep,
  startApp,
  tempDir,
} from "./harness";

const RECIPIENTS = 500;
const apps: AppProcess[] = [];
let smtp: SmtpFake | undefined;
afterAll(async () => {
  for (const app of apps) await killApp(app);
  await smtp?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

const states = async (url: string) =>
  Object.fromEntries(
    (
      await query<{ state: string; count: number }>(
        url,
        "select state, count(*)::int as count from newsletter_recipients group by state",
      )
    ).map((row) => [row.state, row.count]),
  );

describe("a newsletter's send across a kill -9", () => {
  test("on PostgreSQL: 500 recipients, killed mid-send, each gets the issue exactly once", async () => {
    smtp = await startSmtpFake();
    const database = await freshDatabase();
    try {
      const env = {
        DATA_DIR: tempDir("newsletter-send"),
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        NEWSLETTER_MAILS_PER_MINUTE: "100000",
      };
      const first = await startApp(env);
      apps.push(first);
      await query(
        database.url,
        `insert into newsletter_subscriptions (first_name, email, language, confirmed_at)
           select 'Reader ' || n, 'reader-' || n || '@example.org',
                  case when n % 3 = 0 then 'es' else 'en' end, now()
           from generate_series(1, ${RECIPIENTS}) as n`,
      );
      // Due now: the app's worker starts the send on its next tick.
      await query(
        database.url,
        `insert into newsletters (subject_en, body_en, subject_es, body_es, status, send_at)
           values ('Crash news', $1, 'Noticias', $2, 'scheduled', now() - interval '1 second')`,
        [
          JSON.stringify({
            type: "doc",
            content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }],
          }),
          JSON.stringify({
            type: "doc",
            content: [{ type: "paragraph", content: [{ type: "text", text: "Hola" }] }],
          }),
        ],
      );

      // Killed as soon as the first mails were handed over, with most of the send still to go.
      await until(
        "the first mails handed to SMTP",
        async () => ((await states(database.url)).sent ?? 0) >= 10 || undefined,
        60_000,
      );
      await killApp(first);
      const atKill = await states(database.url);
      expect(atKill.sent ?? 0).toBeLessThan(RECIPIENTS);

      const second = await startApp(env);
      apps.push(second);
      // A mail claimed by the killed process waits out its claim (two minutes) before a retry.
      await until(
        "every recipient sent",
        async () => ((await states(database.url)).sent === RECIPIENTS ? true : undefined),
        240_000,
      );
      const [issue] = await query<{ status: string }>(
        database.url,
        "select status from newsletters",
      );
      expect(issue.status).toBe("sent");

      const byRecipient = new Map<string, Set<string>>();
      for (const mail of smtp.messages) {
        const to = mail.to[0].replace(/[<>]/g, "");
        const messageId = mail.data.match(/^Message-ID: (.+)$/im)?.[1].trim() ?? "";
        byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(messageId));
      }
      expect(byRecipient.size).toBe(RECIPIENTS);
      // One mail per recipient: a repeat (the one in flight at the kill) carries the same id.
      for (const [to, ids] of byRecipient) expect(ids.size, to).toBe(1);
      expect(smtp.messages.length - RECIPIENTS).toBeLessThanOrEqual(1);
      const spanish = smtp.messages.find((mail) => mail.to[0].includes("reader-3@"));
      expect(spanish?.data).toMatch(/^Subject: Noticias$/m);
      expect(spanish?.data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    } finally {
      for (const app of apps.splice(0)) await killApp(app);
      await database.drop();
    }
  }, 420_000);
});
