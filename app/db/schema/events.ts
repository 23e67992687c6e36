import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt, id, retried } from "../columns";

/**
 * What happened, written in the same transaction as the change it records, and handed to every
 * subscriber after the commit by app/lib/events.server.ts, retried until each has taken it
 * (docs/decisions/265-features-through-front-doors.md). Durable as the mail outbox is.
 */
export const events = pgTable(
  "events",
  {
    id: id(),
    /** What happened, "<subject>.<verb>": "gift.succeeded", "monthly-gift.ended". */
    topic: text("topic").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ...retried(),
    /** Set once every subscriber has taken the event. */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("events_due_idx").on(t.nextAttemptAt)],
);

/**
 * One row per event a subscriber has taken, written in the transaction of the subscriber's own
 * changes: a subscriber never takes an event twice, even when a crash interrupts a dispatch.
 */
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    subscriber: text("subscriber").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
