import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { createdAt, id, language, newestFirstIndex, updatedAt } from "../columns";
import { fundraisers } from "./fundraisers";

/** Gifts, monthly gifts and the payment events applied to them: the donations feature's tables. */

export const donations = pgTable(
  "donations",
  {
    id: id(),
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** The gift itself in minor units (cents), without the card fee the donor chose to cover. */
    amount: integer("amount").notNull(),
    /** The processing fee the donor chose to cover, in cents, kept apart so totals stay honest. */
    feeAmount: integer("fee_amount").notNull().default(0),
    /** Cents refunded so far (a partial refund keeps status succeeded; a full one is refunded). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    isMonthly: boolean("is_monthly").notNull().default(false),
    /** pending, processing, succeeded, failed, canceled or refunded (app/lib/donations/status.ts). */
    status: text("status").notNull().default("pending"),
    /**
     * What the payment provider calls this charge: a PaymentIntent id for a one-time gift, the
     * invoice id for each month of a monthly gift (test mode uses ids of the same shape).
     */
    paymentReference: text("payment_reference"),
    /** The PaymentIntent that pays a monthly charge, when known (bank payments report through it). */
    paymentIntentId: text("payment_intent_id"),
    /** The monthly gift this charge belongs to. */
    monthlyGiftId: uuid("monthly_gift_id").references(() => monthlyGifts.id),
    /** The provider's last word on a failure ("Your card was declined."). */
    failureMessage: text("failure_message"),
    newsletterOptIn: boolean("newsletter_opt_in").notNull().default(false),
    /** The fundraiser page the gift was given on, if any (docs/decisions/221-fundraisers.md). */
    fundraiserId: uuid("fundraiser_id").references(() => fundraisers.id),
    /**
     * On a fundraiser page: the donor lets the honour roll show the amount, and may leave the
     * owner a message (plain text, in the owner's gift e-mail; docs/decisions/224-fundraiser-gift-options.md).
     */
    showAmount: boolean("show_amount").notNull().default(false),
    giftMessage: text("gift_message"),
    language: language(),
    succeededAt: timestamp("succeeded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("donations_payment_reference_idx").on(t.paymentReference),
    index("donations_payment_intent_idx").on(t.paymentIntentId),
    newestFirstIndex("donations", t),
    index("donations_status_created_idx").on(t.status, t.createdAt),
    index("donations_email_idx").on(t.donorEmail),
    index("donations_monthly_gift_idx").on(t.monthlyGiftId),
    index("donations_fundraiser_idx").on(t.fundraiserId),
  ],
);

/** A monthly gift (a Stripe Subscription): each month's charge is a row in `donations`. */
export const monthlyGifts = pgTable(
  "monthly_gifts",
  {
    id: id(),
    /** The Subscription id (test mode: an id of the same shape). */
    subscriptionReference: text("subscription_reference").notNull(),
    customerReference: text("customer_reference"),
    donorName: text("donor_name"),
    donorEmail: text("donor_email").notNull(),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    amount: integer("amount").notNull(),
    feeAmount: integer("fee_amount").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    /** incomplete (first charge not paid yet), active or canceled. */
    status: text("status").notNull().default("incomplete"),
    /** The fundraiser page it was started on: each month's charge is attributed to it too. */
    fundraiserId: uuid("fundraiser_id").references(() => fundraisers.id),
    /** Each month's gift shows its amount on the page's honour roll (the first gift's choice). */
    showAmount: boolean("show_amount").notNull().default(false),
    language: language(),
    canceledAt: timestamp("canceled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("monthly_gifts_subscription_idx").on(t.subscriptionReference),
    index("monthly_gifts_email_idx").on(t.donorEmail),
  ],
);

/**
 * Every payment event applied, once: the event id is the key, written in the same transaction as
 * the change it made, so a redelivered webhook changes nothing. Also the history staff see.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    donationId: uuid("donation_id").references(() => donations.id),
    monthlyGiftId: uuid("monthly_gift_id").references(() => monthlyGifts.id),
    /** What the event did, in words staff can read ("pending -> succeeded", "ignored: ..."). */
    outcome: text("outcome").notNull(),
    /** When the provider created the event (orders the history). */
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_events_donation_idx").on(t.donationId),
    index("payment_events_monthly_gift_idx").on(t.monthlyGiftId),
  ],
);
