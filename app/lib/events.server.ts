import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { eventDeliveries, events } from "#app/db/schema/events";
import { logger } from "./logger.server";
import type { Queryable } from "./outbox.server";

/**
 * Events: a feature that others build on (donations) writes what happened in the same transaction
 * as the change it records, and never calls the features that care; they subscribe. A dispatcher
 * durable as the mail outbox (app/lib/outbox.server.ts) hands each event to each subscriber after
 * the commit, in a transaction of the subscriber's own that also records the delivery: a crash
 * before the dispatch loses no event (the next round, or the next start, takes it), and none is
 * taken twice by the same subscriber (docs/decisions/265-features-through-front-doors.md).
 */

export interface Happening {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export interface Subscriber {
  /** Stable: deliveries are recorded under it ("fundraisers.gifts"). */
  name: string;
  /** The topics it takes. */
  topics: readonly string[];
  /**
   * Does what the event means for its feature, writing through `tx` (rolled back if it throws,
   * and the event offered again later).
   */
  take(event: Happening, tx: Queryable): Promise<unknown>;
  /**
   * Runs once the delivery is committed, for what is not in the database (waking a worker,
   * dropping cached pages).
   */
  afterCommit?(event: Happening): void;
}

/** Records an event in the caller's transaction: it exists exactly when the change is committed. */
export async function recordEvent(
  runner: Queryable,
  topic: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await runner.insert(events).values({ topic, payload });
}

const subscribers: Subscriber[] = [];

/**
 * Adds subscribers (once each, by name). The process that runs the app composes them
 * (server/features.ts), so the feature writing an event imports none of the features taking it.
 * Returns the function that removes those it added.
 */
export function subscribe(...added: Subscriber[]): () => void {
  const fresh = added.filter(
    (subscriber) => !subscribers.some((known) => known.name === subscriber.name),
  );
  subscribers.push(...fresh);
  return () => {
    for (const subscriber of fresh) subscribers.splice(subscribers.indexOf(subscriber), 1);
  };
}

/** How long a claimed event is left to its dispatcher before another round may retry it. */
const CLAIM_SECONDS = 120;
const MAX_BACKOFF_SECONDS = 3600;

/** Offers one event to each of its subscribers that has not taken it yet; true when all have. */
async function offer(event: Happening): Promise<boolean> {
  let complete = true;
  for (const subscriber of subscribers) {
    if (!subscriber.topics.includes(event.topic)) continue;
    try {
      const taken = await db().transaction(async (tx) => {
        const [fresh] = await tx
          .insert(eventDeliveries)
          .values({ eventId: event.id, subscriber: subscriber.name })
          .onConflictDoNothing()
          .returning({ eventId: eventDeliveries.eventId });
        if (!fresh) return false; // taken before, by this process or another
        await subscriber.take(event, tx);
        return true;
      });
      if (taken) subscriber.afterCommit?.(event);
    } catch (error) {
      complete = false;
      logger.warn(
        { eventId: event.id, topic: event.topic, subscriber: subscriber.name, err: error },
        "event not taken yet",
      );
    }
  }
  return complete;
}

/**
 * Offers every due event to its subscribers, oldest first. An event is marked dispatched once
 * every subscriber has taken it, else offered again with a growing delay.
 */
export async function dispatchEvents(limit = 50): Promise<{ dispatched: number; failed: number }> {
  // Claimed in one statement, oldest first: the next attempt is pushed into the future, and rows
  // another process is claiming at that moment are skipped, so no two offer one event at once.
  const due = db()
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.dispatchedAt), lte(events.nextAttemptAt, sql`now()`)))
    .orderBy(asc(events.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db()
    .update(events)
    .set({
      attempts: sql`${events.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .where(inArray(events.id, due))
    .returning();
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let dispatched = 0;
  let failed = 0;
  for (const event of claimed) {
    if (await offer(event)) {
      await db().update(events).set({ dispatchedAt: sql`now()` }).where(eq(events.id, event.id));
      dispatched++;
    } else {
      const delay = Math.min(30 * 2 ** (event.attempts - 1), MAX_BACKOFF_SECONDS);
      await db()
        .update(events)
        .set({
          lastError: "a subscriber has not taken it yet",
          nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        })
        .where(and(eq(events.id, event.id), isNull(events.dispatchedAt)));
      failed++;
    }
  }
  return { dispatched, failed };
}

/**
 * Whether dispatching waits for a restart: EVENTS_HELD names a test that kills the server between
 * an event's commit and its dispatch (tests/reliability/gift-events.test.ts). Ignored over https,
 * as the test clocks are (app/lib/clock.server.ts).
 */
function held(environment: NodeJS.ProcessEnv = process.env): boolean {
  return environment.EVENTS_HELD === "1" && !(environment.PUBLIC_URL ?? "").startsWith("https://");
}

const POLL_MS = 5000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let queued: Promise<unknown> | undefined;

function round(): Promise<unknown> {
  const current: Promise<unknown> = dispatchEvents()
    .catch((error) => logger.error({ err: error }, "event dispatch round failed"))
    .finally(() => {
      if (running === current) running = undefined;
    });
  running = current;
  return current;
}

/**
 * Runs a dispatch round now (after a commit that recorded events), or right after the one running,
 * which may have read the due events before this commit; resolves when that round is over. Never
 * throws: what is not dispatched now is by a later round.
 */
export function dispatchNow(): Promise<unknown> {
  if (held()) return Promise.resolve();
  if (!running) return round();
  queued ??= running.then(() => {
    queued = undefined;
    return round();
  });
  return queued;
}

/** Dispatches due events every few seconds for as long as the app runs, starting now. */
export function startEventWorker() {
  if (timer) return;
  timer = setInterval(dispatchNow, POLL_MS);
  timer.unref();
  void dispatchNow();
}

/** Stops the worker and waits for a round in progress (graceful shutdown, tests). */
export async function stopEventWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
