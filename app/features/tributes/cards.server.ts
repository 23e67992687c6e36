/**
 * Sending tribute cards (docs/decisions/233-tribute-cards-sent-on-their-day.md). A card waits as
 * `scheduled` in gift_dedications; once its day's 9 am (Houston) has come and its gift's payment
 * succeeded (the verified payment events alone set that), one transaction marks it `sent` and
 * queues the e-mail in the durable outbox, so it goes once whatever the webhook retries. A gift
 * refunded or cancelled first cancels its card; a declined gift's card is never due.
 */
import { and, eq, lte } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { giftDedications } from "#app/db/schema/tributes";
import { type GiftFacts, giftFacts, giftIn } from "#app/features/donations/index.server";
import { cardMail } from "#app/features/tributes/card.server";
import type { CardStatus, TributeKind } from "#app/features/tributes/rules";
import { tributesNow } from "#app/lib/clock.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, kickOutbox, type OutboxMail, type Queryable } from "#app/lib/outbox.server";

type Dedication = typeof giftDedications.$inferSelect;
type Gift = Pick<GiftFacts, "donorName" | "isAnonymous" | "amount">;

/** The outbox's name for copy `copy` of a card (0 the first, then each resend). */
export function cardMailKey(dedicationId: string, copy: number): string {
  return `tribute-card:${dedicationId}:${copy}`;
}

/** The card of `dedication` as an outbox mail; `copy` tells a resend from the first. */
export function cardOutboxMail(dedication: Dedication, gift: Gift, copy: number): OutboxMail {
  const mail = cardMail({
    kind: dedication.kind as TributeKind,
    honoree: dedication.honoree,
    recipientName: dedication.recipientName ?? "",
    message: dedication.message,
    cardLanguage: dedication.cardLanguage ?? "en",
    donorName: gift.isAnonymous ? null : gift.donorName,
    amountCents: dedication.showAmount ? gift.amount : null,
  });
  return {
    dedupeKey: cardMailKey(dedication.id, copy),
    kind: "tribute-card",
    to: dedication.recipientEmail ?? "",
    ...mail,
  };
}

/** Cancels the scheduled cards of gifts refunded or cancelled before the card's day. */
async function cancelUndoneCards(now: Date) {
  await db()
    .update(giftDedications)
    .set({ cardStatus: "cancelled", updatedAt: now })
    .where(
      and(
        eq(giftDedications.cardStatus, "scheduled"),
        // Gifts whose cards must not go: refunded (even in part) or cancelled.
        giftIn(giftDedications.donationId, "undone"),
      ),
    );
}

/** Marks one card sent and queues it, in one transaction: a second round finds nothing to do. */
async function sendOne(runner: Queryable, dedicationId: string, gift: Gift, now: Date) {
  const [claimed] = await runner
    .update(giftDedications)
    .set({ cardStatus: "sent", cardSentAt: now, updatedAt: now })
    .where(and(eq(giftDedications.id, dedicationId), eq(giftDedications.cardStatus, "scheduled")))
    .returning();
  if (claimed) await enqueueMail(runner, cardOutboxMail(claimed, gift, 0));
  return Boolean(claimed);
}

/**
 * One round: cancels the cards of undone gifts, then queues every card whose time has come and
 * whose gift succeeded. Returns how many cards it queued.
 */
export async function sendDueCards(now: Date = tributesNow()): Promise<number> {
  await cancelUndoneCards(now);
  const due = await db()
    .select({ id: giftDedications.id, donationId: giftDedications.donationId })
    .from(giftDedications)
    .where(
      and(
        eq(giftDedications.cardStatus, "scheduled"),
        lte(giftDedications.sendAt, now),
        giftIn(giftDedications.donationId, "paid"),
      ),
    )
    .limit(50);
  const gifts = await giftFacts(due.map((card) => card.donationId));
  let queued = 0;
  for (const { id, donationId } of due) {
    const gift = gifts.get(donationId);
    if (gift && (await db().transaction((tx) => sendOne(tx, id, gift, now)))) queued++;
  }
  return queued;
}

/**
 * A card's status as people see it: a sent card whose e-mail the outbox has not delivered yet
 * and last failed to send shows as failed (the outbox keeps retrying it).
 */
export function shownCardStatus(
  stored: string | null,
  lastError: string | null,
  delivered: boolean,
): CardStatus | null {
  if (stored === "sent" && lastError && !delivered) return "failed";
  return (stored as CardStatus | null) ?? null;
}

const POLL_MS = 5000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

/** Runs a round now (after a payment event, or on the timer), unless one is running. */
export function kickTributeCards() {
  if (running) return;
  running = sendDueCards()
    .then((queued) => {
      if (queued > 0) kickOutbox();
    })
    .catch((error) => logger.error({ err: error }, "tribute card round failed"))
    .finally(() => {
      running = undefined;
    });
}

/** Sends cards on their day for as long as the app runs (server/app.ts starts it). */
export function startTributeCardWorker() {
  if (timer) return;
  timer = setInterval(kickTributeCards, POLL_MS);
  timer.unref();
  kickTributeCards();
}

/** Stops the worker and waits for a round in progress (graceful shutdown). */
export async function stopTributeCardWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
