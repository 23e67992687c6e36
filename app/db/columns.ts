import { boolean, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
