import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, language } from "../columns";
import { monthlyGifts } from "./donations";

/**
 * "Your giving" (docs/decisions/285-donor-sign-in.md): a donor's sign-in links and sessions,
 * apart from the staff's better-auth tables, and the pauses of monthly gifts. Tokens are stored
 * only as their SHA-256, so a copy of the database opens no one's gifts.
 */

/** A link sent by e-mail: it signs in once, within 30 minutes, on the "Continue" page's POST. */
export const donorSignInLinks = pgTable(
  "donor_sign_in_links",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Trimmed and lower-case. */
    email: text("email").notNull(),
    language: language(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("donor_sign_in_links_email_idx").on(t.email)],
);

/** A signed-in browser: its cookie holds the token; it ends after 30 days or at "sign out everywhere". */
export const donorSessions = pgTable(
  "donor_sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("donor_sessions_email_idx").on(t.email)],
);

/** A monthly gift paused by its donor until `resumes_at` (Stripe: the subscription's pause_collection). */
export const monthlyGiftPauses = pgTable("monthly_gift_pauses", {
  monthlyGiftId: uuid("monthly_gift_id")
    .primaryKey()
    .references(() => monthlyGifts.id),
  resumesAt: timestamp("resumes_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: createdAt(),
});
