import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

import { createdAt, id, updatedAt } from "../columns";

/**
 * The newsletters' tables (docs/decisions/290-newsletter-sending-ledger.md): an issue staff write,
 * the ledger of its recipients frozen when its send starts, the shared rate of sending, and the
 * bounce and complaint notices of the SMTP provider. The subscribers stay in the forms' table.
 */

/** A body as the rich-text module's structured JSON (`{ type: "doc", content: [...] }`). */
export type NewsletterBody = { type: "doc"; content: unknown[] };

export const newsletters = pgTable(
  "newsletters",
  {
    id: id(),
    subjectEn: text("subject_en").notNull(),
    bodyEn: jsonb("body_en").$type<NewsletterBody>().notNull(),
    /** Null: no Spanish version; Spanish subscribers get the English one. */
    subjectEs: text("subject_es"),
    bodyEs: jsonb("body_es").$type<NewsletterBody>(),
    /** draft, scheduled, sending, paused or sent (app/features/newsletters/states.ts). */
    status: text("status").notNull().default("draft"),
    /** When a scheduled send starts. */
    sendAt: timestamp("send_at", { withTimezone: true, mode: "date" }),
    /** When its recipients were frozen. */
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    /** When its last recipient was settled: the date the archive shows. */
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("newsletters_status_idx").on(t.status, t.sendAt)],
);

/**
 * One row per subscriber of a send, written when the send starts: pending, then queued (its mail
 * is in the outbox, in the same transaction), then sent once the outbox handed it to SMTP; or
 * skipped when the subscriber left or bounced before their turn.
 */
export const newsletterRecipients = pgTable(
  "newsletter_recipients",
  {
    id: id(),
    newsletterId: uuid("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    /** The language of the version this subscriber gets ("en" when theirs has none). */
    language: text("language").notNull(),
    state: text("state").notNull().default("pending"),
    queuedAt: timestamp("queued_at", { withTimezone: true, mode: "date" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    unique("newsletter_recipients_once_key").on(t.newsletterId, t.subscriberId),
    index("newsletter_recipients_state_idx").on(t.newsletterId, t.state),
  ],
);

/**
 * Mails handed to the outbox per minute, shared by every app process: a minute's row is locked
 * while a process takes its share, so the rate holds however many processes send.
 */
export const newsletterRate = pgTable("newsletter_rate", {
  minute: timestamp("minute", { withTimezone: true, mode: "date" }).primaryKey(),
  used: integer("used").notNull().default(0),
});

/** What the SMTP provider reported through the webhook: hard bounces and complaints stop mail. */
export const newsletterBounces = pgTable(
  "newsletter_bounces",
  {
    id: id(),
    email: text("email").notNull(),
    /** hard, soft or complaint. */
    kind: text("kind").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("newsletter_bounces_created_idx").on(t.createdAt)],
);
