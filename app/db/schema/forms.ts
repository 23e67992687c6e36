import { pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

import { createdAt, id, language, newestFirstIndex } from "../columns";

/** The public forms' tables: newsletter sign-ups and the submissions staff read. */

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    /** Stored trimmed and lower-case, so uniqueness is case-insensitive
     * (docs/decisions/020-newsletter-resubscribe-and-unsubscribe.md).
     */
    email: text("email").notNull(),
    /** Which form it came from: "launch" (pre-launch page) or "home". */
    source: text("source").notNull().default("launch"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    /** When the welcome mail's link was followed; only confirmed addresses get newsletters
     * (double opt-in: docs/decisions/291-newsletter-subscribers-and-leaving.md). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    /** Set by a hard bounce or a complaint: no newsletter goes to the address again. */
    mailStoppedAt: timestamp("mail_stopped_at", { withTimezone: true, mode: "date" }),
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("newsletter_subscriptions_email_key").on(t.email),
    newestFirstIndex("newsletter_subscriptions", t),
  ],
);

// ---------------------------------------------------------------- public form submissions

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [newestFirstIndex("contact_messages", t)],
);

export const volunteerSignups = pgTable(
  "volunteer_signups",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** One of the opportunity slugs in app/lib/site.ts. */
    opportunity: text("opportunity").notNull(),
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [
    // The same person signing up twice for one opportunity is one sign-up.
    unique("volunteer_signups_email_opportunity_key").on(t.email, t.opportunity),
    newestFirstIndex("volunteer_signups", t),
  ],
);

export const partnershipInquiries = pgTable(
  "partnership_inquiries",
  {
    id: id(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [newestFirstIndex("partnership_inquiries", t)],
);
