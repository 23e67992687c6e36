import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Database, db } from "#app/db/client.server";
import { newsletterRate, newsletterRecipients, newsletters } from "#app/db/schema/newsletters";
import { mailOutbox } from "#app/db/schema/outbox";
import { newsletterAudience, stillReceiving } from "#app/features/forms/index.server";
import { now } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, kickOutbox, onHandedToSmtp, type Queryable } from "#app/lib/outbox.server";
import { newslettersChanged } from "./changes.server";
import { type IssueRow, newsletterMail } from "./mail.server";
import type { NewsletterLanguage, NewsletterStatus } from "./states";

/**
 * Sending that loses nothing and doubles nothing (docs/decisions/290-newsletter-sending-ledger.md).
 * A send's recipients are frozen in the transaction that starts it; each recipient's mail is
 * queued in the outbox in the transaction that moves its row from pending to queued, and the row
 * becomes sent in the transaction where the outbox marks the mail handed to SMTP. Rows are
 * claimed under `for update skip locked`, and each minute's share of the rate under the lock of
 * that minute's row, so any number of processes send each recipient once, together at the rate.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const MAIL_KIND = "newsletter";
const TEST_KIND = "newsletter-test";
const KEY_PREFIX = `${MAIL_KIND}:`;
/** Rows claimed in one transaction at most, whatever the rate allows. */
const BATCH = 200;

/** The language of the version a subscriber gets: theirs when the issue has it, else English. */
export function versionFor(issue: IssueRow, language: string): NewsletterLanguage {
  return language === "es" && issue.subjectEs && issue.bodyEs ? "es" : "en";
}

async function freezeRecipients(tx: Tx, issue: IssueRow) {
  const audience = await newsletterAudience(tx);
  for (let start = 0; start < audience.length; start += 1000) {
    await tx
      .insert(newsletterRecipients)
      .values(
        audience.slice(start, start + 1000).map((subscriber) => ({
          newsletterId: issue.id,
          subscriberId: subscriber.id,
          email: subscriber.email,
          firstName: subscriber.firstName,
          language: versionFor(issue, subscriber.language),
        })),
      )
      .onConflictDoNothing();
  }
  return audience.length;
}

/**
 * Starts a draft's or a scheduled issue's send: its recipients are everyone subscribed now, and
 * nobody who joins later. Only one caller moves it out of draft or scheduled, so a send starts
 * once however many processes try. Returns the number of recipients, or null if it had started.
 */
export async function startSend(id: string, at: Date = now()): Promise<number | null> {
  const started = await db().transaction(async (tx) => {
    const [issue] = await tx
      .update(newsletters)
      .set({ status: "sending", startedAt: at, sendAt: null, updatedAt: at })
      .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
      .returning();
    return issue ? freezeRecipients(tx, issue) : null;
  });
  if (started !== null) kickNewsletters();
  return started;
}

/** Schedules a draft (or moves a scheduled issue) to start at `sendAt`. */
export async function scheduleSend(id: string, sendAt: Date, at: Date = now()) {
  const rows = await db()
    .update(newsletters)
    .set({ status: "scheduled", sendAt, updatedAt: at })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
    .returning({ id: newsletters.id });
  return rows.length > 0;
}

async function moveStatus(id: string, from: NewsletterStatus, to: NewsletterStatus, at: Date) {
  const rows = await db()
    .update(newsletters)
    .set({ status: to, updatedAt: at })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, from)))
    .returning({ id: newsletters.id });
  return rows.length > 0;
}

/** Stops claiming its rows; mails already in the outbox still go. */
export const pauseSend = (id: string, at: Date = now()) => moveStatus(id, "sending", "paused", at);

export async function resumeSend(id: string, at: Date = now()) {
  const resumed = await moveStatus(id, "paused", "sending", at);
  if (resumed) kickNewsletters();
  return resumed;
}

/** A scheduled issue back to a draft before its time. */
export const unscheduleSend = (id: string, at: Date = now()) =>
  moveStatus(id, "scheduled", "draft", at);

/** Starts every scheduled send whose time has come. */
export async function startDueSends(at: Date = now()): Promise<number> {
  const due = await db()
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, "scheduled"), sql`${newsletters.sendAt} <= ${at}`));
  let started = 0;
  for (const { id } of due) if ((await startSend(id, at)) !== null) started++;
  return started;
}

/**
 * This minute's share of the rate, taken under the lock of the minute's row (held to the end of
 * the caller's transaction, so the processes take their shares one after another).
 */
async function takeRate(tx: Tx, at: Date, wanted: number): Promise<{ minute: Date; left: number }> {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await tx.insert(newsletterRate).values({ minute }).onConflictDoNothing();
  const [row] = await tx
    .select({ used: newsletterRate.used })
    .from(newsletterRate)
    .where(eq(newsletterRate.minute, minute))
    .for("update");
  return { minute, left: Math.min(wanted, env().NEWSLETTER_MAILS_PER_MINUTE - row.used) };
}

/**
 * Claims pending rows of sending issues, as many as this minute's rate leaves, and queues their
 * mails; a subscriber who left since the start is skipped. Returns how many mails were queued.
 */
export async function sendBatch(at: Date = now()): Promise<number> {
  const queued = await db().transaction(async (tx) => {
    const rate = await takeRate(tx, at, BATCH);
    if (rate.left <= 0) return 0;
    const rows = await tx
      .select({ recipient: newsletterRecipients, issue: newsletters })
      .from(newsletterRecipients)
      .innerJoin(newsletters, eq(newsletters.id, newsletterRecipients.newsletterId))
      .where(and(eq(newsletters.status, "sending"), eq(newsletterRecipients.state, "pending")))
      .orderBy(asc(newsletterRecipients.newsletterId), asc(newsletterRecipients.id))
      .limit(rate.left)
      .for("update", { of: newsletterRecipients, skipLocked: true });
    const receiving = await stillReceiving(
      tx,
      rows.map((row) => row.recipient.subscriberId),
    );
    const sent: string[] = [];
    const skipped: string[] = [];
    for (const { recipient, issue } of rows) {
      if (!receiving.has(recipient.subscriberId)) {
        skipped.push(recipient.id);
        continue;
      }
      await enqueueMail(tx, {
        dedupeKey: `${KEY_PREFIX}${recipient.id}`,
        kind: MAIL_KIND,
        ...newsletterMail(issue, recipient),
      });
      sent.push(recipient.id);
    }
    if (sent.length > 0) {
      await tx
        .update(newsletterRecipients)
        .set({ state: "queued", queuedAt: at })
        .where(inArray(newsletterRecipients.id, sent));
      await tx
        .update(newsletterRate)
        .set({ used: sql`${newsletterRate.used} + ${sent.length}` })
        .where(eq(newsletterRate.minute, rate.minute));
    }
    if (skipped.length > 0) {
      await tx
        .update(newsletterRecipients)
        .set({ state: "skipped" })
        .where(inArray(newsletterRecipients.id, skipped));
    }
    // Minutes long past are of no use to anyone.
    await tx
      .delete(newsletterRate)
      .where(lt(newsletterRate.minute, new Date(rate.minute.getTime() - 3_600_000)));
    return sent.length;
  });
  await settleFinished(at);
  if (queued > 0) kickOutbox();
  return queued;
}

/** An issue none of whose rows waits to be claimed is sent (the last mails are in the outbox). */
async function settleFinished(at: Date) {
  const settled = await db()
    .update(newsletters)
    .set({ status: "sent", sentAt: at, updatedAt: at })
    .where(
      and(
        eq(newsletters.status, "sending"),
        sql`not exists (select 1 from ${newsletterRecipients} where ${newsletterRecipients.newsletterId} = ${newsletters.id} and ${newsletterRecipients.state} = 'pending')`,
      ),
    )
    .returning({ id: newsletters.id });
  if (settled.length > 0) newslettersChanged();
}

/** The outbox handed a newsletter mail to SMTP: its row is sent, in the same transaction. */
async function markHandedOver(runner: Queryable, dedupeKey: string) {
  await runner
    .update(newsletterRecipients)
    .set({ state: "sent", sentAt: sql`now()` })
    .where(
      and(
        eq(newsletterRecipients.id, dedupeKey.slice(KEY_PREFIX.length)),
        eq(newsletterRecipients.state, "queued"),
      ),
    );
}

/** Registers the outbox hook; called at start before mail delivery (server/app.ts). */
export function listenForHandedOverNewsletters() {
  onHandedToSmtp(MAIL_KIND, markHandedOver);
}

/** A copy of each version to the staff member's own address, marked as a test. */
export async function sendTest(id: string, to: string): Promise<boolean> {
  const [issue] = await db().select().from(newsletters).where(eq(newsletters.id, id));
  if (!issue) return false;
  const languages: NewsletterLanguage[] = issue.subjectEs && issue.bodyEs ? ["en", "es"] : ["en"];
  for (const language of languages) {
    const mail = newsletterMail(issue, { subscriberId: null, language });
    await enqueueMail(db(), {
      dedupeKey: `${TEST_KIND}:${id}:${randomUUID()}`,
      kind: TEST_KIND,
      ...mail,
      to,
      subject: `[Test] ${mail.subject}`,
    });
  }
  kickOutbox();
  return true;
}

export interface SendCounts {
  toSend: number;
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * Each issue's counts: to send (pending or in the outbox), sent (handed to SMTP), failed (in the
 * outbox with an error, retried), skipped (left before their turn).
 */
export async function sendCounts(ids: string[]): Promise<Map<string, SendCounts>> {
  const counts = new Map<string, SendCounts>();
  if (ids.length === 0) return counts;
  const rows = await db()
    .select({
      id: newsletterRecipients.newsletterId,
      state: newsletterRecipients.state,
      count: sql<number>`count(*)::int`,
      failed: sql<number>`count(${mailOutbox.lastError})::int`,
    })
    .from(newsletterRecipients)
    .leftJoin(
      mailOutbox,
      and(
        eq(newsletterRecipients.state, "queued"),
        eq(mailOutbox.dedupeKey, sql`${KEY_PREFIX} || ${newsletterRecipients.id}::text`),
      ),
    )
    .where(inArray(newsletterRecipients.newsletterId, ids))
    .groupBy(newsletterRecipients.newsletterId, newsletterRecipients.state);
  for (const row of rows) {
    const entry = counts.get(row.id) ?? { toSend: 0, sent: 0, failed: 0, skipped: 0 };
    if (row.state === "pending" || row.state === "queued") entry.toSend += row.count;
    if (row.state === "sent") entry.sent += row.count;
    if (row.state === "skipped") entry.skipped += row.count;
    entry.failed += row.failed;
    counts.set(row.id, entry);
  }
  return counts;
}

/** The subscribers of an issue's send (for "unsubscribed since"). */
export async function recipientSubscriberIds(id: string): Promise<string[]> {
  const rows = await db()
    .select({ id: newsletterRecipients.subscriberId })
    .from(newsletterRecipients)
    .where(eq(newsletterRecipients.newsletterId, id));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- the worker

const TICK_MS = 2000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

/**
 * Starts due sends and claims batches until the rate or the work runs out, then wakes the outbox:
 * its own round every few seconds takes a few mails, and a send's queue is longer.
 */
export async function sendingRound(at: () => Date = now) {
  await startDueSends(at());
  while ((await sendBatch(at())) > 0) {
    // Another batch while this minute's share lasts.
  }
  kickOutbox();
}

/** Runs a round now unless one is running (after a start or a resume). */
export function kickNewsletters() {
  if (running || !timer) return;
  running = sendingRound()
    .catch((error) => logger.error({ err: error }, "newsletter sending round failed"))
    .finally(() => {
      running = undefined;
    });
}

export function startNewsletterWorker() {
  if (timer) return;
  timer = setInterval(kickNewsletters, TICK_MS);
  timer.unref();
  kickNewsletters();
}

export async function stopNewsletterWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
