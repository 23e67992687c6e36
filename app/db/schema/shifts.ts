import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, language, updatedAt } from "../columns";

/**
 * Volunteer shifts (docs/decisions/237-volunteer-shifts.md); app/db/schema.ts re-exports them.
 * Seats are guarded by the database: a sign-up locks its shift's row (SELECT ... FOR UPDATE), and
 * one e-mail holds one live place per shift by a partial unique index.
 */

/** Opportunities staff add beside the three the volunteer page describes (their slugs). */
export const volunteerOpportunities = pgTable("volunteer_opportunities", {
  slug: text("slug").primaryKey(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es").notNull(),
  createdAt: createdAt(),
});

export const volunteerShifts = pgTable(
  "volunteer_shifts",
  {
    id: id(),
    /** A built-in opportunity's slug or a staff-added one's. */
    opportunity: text("opportunity").notNull(),
    /** The shifts made together as a weekly series share it; null for a single shift. */
    seriesId: uuid("series_id"),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull(),
    /** The day in Houston, and the instants it starts and ends (entered as Houston time). */
    day: date("day", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    place: text("place").notNull(),
    seats: integer("seats").notNull(),
    waitlistLength: integer("waitlist_length").notNull(),
    notes: text("notes").notNull().default(""),
    /** scheduled or cancelled. */
    status: text("status").notNull().default("scheduled"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("volunteer_shifts_starts_idx").on(t.startsAt),
    index("volunteer_shifts_series_idx").on(t.seriesId, t.startsAt),
    check("volunteer_shifts_seats_check", sql`${t.seats} >= 1 and ${t.waitlistLength} >= 0`),
    check("volunteer_shifts_times_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const shiftSignups = pgTable(
  "shift_signups",
  {
    id: id(),
    shiftId: uuid("shift_id")
      .notNull()
      .references(() => volunteerShifts.id),
    name: text("name").notNull(),
    /** Stored trimmed and lower-case. */
    email: text("email").notNull(),
    phone: text("phone"),
    adult: boolean("adult").notNull(),
    requirementsAcknowledged: boolean("requirements_acknowledged").notNull(),
    /** seated, waiting, offered (a freed seat held for them), cancelled or expired (offer lapsed). */
    status: text("status").notNull(),
    /** The order they came in, per shift: the waitlist is served lowest first. */
    position: integer("position").notNull(),
    /** When an offered seat stops being held. */
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true, mode: "date" }),
    /** Counts the offers made, so a claim link names one offer. */
    offers: integer("offers").notNull().default(0),
    /** The calendar entry's SEQUENCE: raised by every entry sent after the first. */
    sequence: integer("sequence").notNull().default(0),
    /** attended or no-show, marked by staff. */
    attendance: text("attendance"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    language: language(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shift_signups_position_idx").on(t.shiftId, t.position),
    // One live place per address per shift; a cancelled one may sign up again.
    uniqueIndex("shift_signups_email_idx")
      .on(t.shiftId, t.email)
      .where(sql`${t.status} in ('seated', 'waiting', 'offered')`),
    index("shift_signups_status_idx").on(t.shiftId, t.status, t.position),
    index("shift_signups_email_created_idx").on(t.email),
  ],
);
