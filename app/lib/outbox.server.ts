import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { type Database, db } from "#app/db/client.server";
import { mailOutbox } from "#app/db/schema/outbox";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { sendMail } from "./mail.server";

/** A query runner: the app's database or an open transaction on it. */
export type Queryable = Pick<Database, "insert" | "select" | "update" | "execute">;

export interface OutboxMail {
  /** Names what caused the mail: the same cause never queues a second copy. */
  dedupeKey: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (a tribute card); most mails are text alone. */
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/**
 * Queues a mail in the caller's transaction (docs/decisions/073-mail-outbox.md): it exists exactly
 * when the change that causes it is committed. Returns false when a mail for that cause was already
 * queued.
 */
export async function enqueueMail(runner: Queryable, mail: OutboxMail): Promise<boolean> {
  const inserted = await runner
    .insert(mailOutbox)
    .values(mail)
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

type HandedOver = (runner: Queryable, dedupeKey: string) => Promise<void>;
const handedOverHandlers = new Map<string, HandedOver>();

/**
 * Calls `handler` for each mail of `kind` once SMTP took it, in the transaction that marks it
 * sent: the caller's record of the mail is marked exactly when the outbox's is. Registered at
 * start, before delivery begins (server/app.ts), so no mail is marked without it.
 */
export function onHandedToSmtp(kind: string, handler: HandedOver) {
  handedOverHandlers.set(kind, handler);
}

/** How long a claimed mail is left to its sender before another delivery round may retry it. */
const CLAIM_SECONDS = 120;
const MAX_BACKOFF_SECONDS = 3600;

function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), MAX_BACKOFF_SECONDS);
}

/**
 * Sends every mail that is due, oldest first. A mail is claimed by pushing its next attempt into
 * the future in one statement (so two processes never send it at once, and no transaction stays
 * open while SMTP talks); sent mail is marked, failed mail is retried later with a growing delay.
 * A crash between sending and marking can repeat a mail once: its Message-ID stays the same, so
 * mail clients show one copy, and the outbox folder keeps one file.
 */
export async function deliverDueMail(limit = 20): Promise<{ sent: number; failed: number }> {
  const due = await db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    const [claimed] = await db()
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      })
      .where(
        and(
          eq(mailOutbox.id, id),
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .returning();
    if (!claimed) continue; // another process took it
    try {
      await sendMail({
        to: claimed.to,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html ?? undefined,
        headers: claimed.headers ?? undefined,
        attachments: claimed.attachments ?? undefined,
        messageId: `<outbox-${claimed.id}@${new URL(env().PUBLIC_URL).hostname}>`,
        fileName: `${claimed.createdAt.getTime()}-${claimed.id}.eml`,
      });
      // Another round may have sent it after this claim expired: the first send's time stays,
      // and only the round that marks it tells the mail's kind (handedToSmtp below).
      await db().transaction(async (tx) => {
        const marked = await tx
          .update(mailOutbox)
          .set({ sentAt: sql`now()`, lastError: null })
          .where(and(eq(mailOutbox.id, claimed.id), isNull(mailOutbox.sentAt)))
          .returning({ id: mailOutbox.id });
        const handler = handedOverHandlers.get(claimed.kind);
        if (marked.length > 0 && handler) await handler(tx, claimed.dedupeKey);
      });
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      await db()
        .update(mailOutbox)
        .set({
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(claimed.attempts)})`,
        })
        // A late failure of an expired claim never marks a mail another round has sent.
        .where(and(eq(mailOutbox.id, claimed.id), isNull(mailOutbox.sentAt)));
      logger.warn({ outboxId: claimed.id, kind: claimed.kind, err: message }, "mail not sent yet");
    }
  }
  return { sent, failed };
}

const POLL_MS = 5000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
/** False from stopMailDelivery until delivery is started or resumed: a kick then starts no round. */
let delivering = true;

/** Runs one delivery round now (after a commit that queued mail), unless one is running. */
export function kickOutbox() {
  if (running || !delivering) return;
  running = deliverDueMail()
    .catch((error) => logger.error({ err: error }, "mail delivery round failed"))
    .finally(() => {
      running = undefined;
    });
}

/** Delivers queued mail every few seconds for as long as the app runs. */
export function startOutboxWorker() {
  delivering = true;
  if (timer) return;
  timer = setInterval(kickOutbox, POLL_MS);
  timer.unref();
  kickOutbox();
}

/**
 * Stops the timer and waits for a round in progress; a later kick still starts a round (tests
 * wait with it for the round an action started).
 */
export async function stopOutboxWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}

/**
 * Stops mail delivery and waits for it: no timer, no new round (a kick is ignored; its mail stays
 * queued for the next start), and the round in progress finished, its files in the outbox folder
 * written. Graceful shutdown calls it before closing the database; the integration tests before
 * removing a test's tables and outbox folder, which a round still writing would race
 * (docs/decisions/262-tests-set-their-own-clock.md).
 */
export async function stopMailDelivery() {
  delivering = false;
  await stopOutboxWorker();
}

/** Lets kicks start delivery rounds again after stopMailDelivery (the timer stays stopped). */
export function resumeMailDelivery() {
  delivering = true;
}
