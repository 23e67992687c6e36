import {
  boolean,
  type ExtraConfigColumn,
  index,
  integer,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Columns several tables share, the same name and type in each (app/db/schema.ts). */

export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const isPublished = () => boolean("is_published").notNull().default(false);
/** The visitor's language ("en" or "es") when they wrote to us: their e-mails use it
 * (docs/decisions/114-stored-language.md).
 */
export const language = () => text("language").notNull().default("en");
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * Every row newest first, in the order the dashboard's pages and exports read them (created_at,
 * then id, both descending: app/lib/admin/pagination.server.ts). Nulls first, as ORDER BY ... DESC
 * puts them, or the planner cannot read the order from the index: an export then sorted the whole
 * table once per batch (docs/decisions/257-newest-first-indexes.md).
 */
export const newestFirstIndex = (
  table: string,
  t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) => index(`${table}_newest_idx`).on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst());

/**
 * A row worked on until done, retried with a growing delay (the mail outbox, events): how often it
 * was tried, when next, and the last error.
 */
export const retried = () => ({
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow(),
  lastError: text("last_error"),
});
