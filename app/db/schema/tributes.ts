import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../columns";

/**
 * Gifts in honour or in memory (docs/decisions/232-tribute-gifts.md); app/db/schema.ts re-exports
 * them. One dedication per gift (`donation_id` is unique), with an optional card by e-mail sent
 * on its day by app/features/tributes/cards.server.ts.
 */
export const giftDedications = pgTable(
  "gift_dedications",
  {
    id: id(),
    /**
     * The gift (the first charge of a monthly gift). Not declared as a foreign key, as it was not
     * when donations lived in app/db/schema.ts (a reference would have made an import circle):
     * declaring it now would change the migrations.
     */
    donationId: uuid("donation_id").notNull().unique(),
    /** honor or memory. */
    kind: text("kind").notNull(),
    /** Plain text, never HTML. */
    honoree: text("honoree").notNull(),
    /** The card's recipient; all card columns are null when the donor asked for no card. */
    recipientName: text("recipient_name"),
    /** Stored trimmed and lower-case. */
    recipientEmail: text("recipient_email"),
    message: text("message"),
    /** The card's language ("en" or "es"), chosen apart from the donor's. */
    cardLanguage: text("card_language"),
    /** The day the card goes, in Houston; it is sent at 9 am Houston time (`send_at`). */
    sendOn: date("send_on", { mode: "string" }),
    sendAt: timestamp("send_at", { withTimezone: true, mode: "date" }),
    showAmount: boolean("show_amount").notNull().default(false),
    /** scheduled, sent, failed or cancelled (app/features/tributes/rules.ts); null without a card. */
    cardStatus: text("card_status"),
    cardSentAt: timestamp("card_sent_at", { withTimezone: true, mode: "date" }),
    /** Copies sent again after the first, at most 3. */
    resendCount: integer("resend_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("gift_dedications_due_idx").on(t.cardStatus, t.sendAt),
    index("gift_dedications_recipient_idx").on(t.recipientEmail, t.sendOn),
  ],
);

/** Every correction and resend of a dedication, by the donor or a staff member: its history. */
export const giftDedicationChanges = pgTable(
  "gift_dedication_changes",
  {
    id: id(),
    dedicationId: uuid("dedication_id")
      .notNull()
      .references(() => giftDedications.id, { onDelete: "cascade" }),
    /** "donor", or the staff member's e-mail address. */
    actor: text("actor").notNull(),
    /** What changed, in words ("honoree: Ana -> Anna", "card sent again"). */
    change: text("change").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("gift_dedication_changes_dedication_idx").on(t.dedicationId)],
);
