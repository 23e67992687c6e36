import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, id, retried } from "../columns";

// ---------------------------------------------------------------- durable mail

/**
 * E-mails that matter, written in the same transaction as the change that causes them and
 * delivered by the app (app/lib/outbox.server.ts), retried until sent
 * (docs/decisions/073-mail-outbox.md).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    /** Names what caused it, so a repeated cause never queues a second copy ("receipt:<id>"). */
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** An HTML part beside the text, for mails that have one (a tribute card). */
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Attachments as { filename, content (utf-8 text), contentType }. */
    attachments:
      jsonb("attachments").$type<{ filename: string; content: string; contentType: string }[]>(),
    ...retried(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_idx").on(t.dedupeKey),
    index("mail_outbox_due_idx").on(t.nextAttemptAt),
  ],
);
