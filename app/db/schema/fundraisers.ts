import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, language, newestFirstIndex, updatedAt } from "../columns";

/**
 * Supporters' fundraiser pages (docs/decisions/221-fundraisers.md); app/db/schema.ts re-exports
 * them, and `donations.fundraiser_id` attributes a gift to one.
 */
export const fundraisers = pgTable(
  "fundraisers",
  {
    id: id(),
    /** The page's address, `/fundraise/<slug>`: made from the title, unique. */
    slug: text("slug").notNull(),
    ownerName: text("owner_name").notNull(),
    /** Stored trimmed and lower-case. */
    ownerEmail: text("owner_email").notNull(),
    /** The owner's language: their e-mails use it. */
    language: language(),
    title: text("title").notNull(),
    /** Plain text; paragraphs are separated by blank lines. Never rendered as HTML. */
    story: text("story").notNull(),
    /**
     * The owner's edit of an approved page's story, waiting for staff review; the page shows
     * `story` until staff accept it (docs/decisions/222-fundraiser-owner-link.md).
     */
    pendingStory: text("pending_story"),
    /**
     * The page's photo, processed (docs/decisions/254-fundraiser-photos.md): its storage key and its
     * size in pixels. Public only while the page is.
     */
    photoKey: text("photo_key"),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    /** The owner's new photo of a public page, waiting for staff review like `pendingStory`. */
    pendingPhotoKey: text("pending_photo_key"),
    pendingPhotoWidth: integer("pending_photo_width"),
    pendingPhotoHeight: integer("pending_photo_height"),
    goalCents: integer("goal_cents").notNull(),
    /** The last day gifts are taken (Houston time), when the owner set one. */
    endDate: date("end_date", { mode: "string" }),
    showProgress: boolean("show_progress").notNull().default(true),
    /** draft, pending, approved, rejected, paused or closed (app/features/fundraisers/status.ts). */
    status: text("status").notNull().default("draft"),
    rejectionReason: text("rejection_reason"),
    /** The staff account that approved it (user id) and when. */
    approvedBy: text("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }),
    /** Staff confirmed the page follows the foundation's guidelines when approving it. */
    guidelinesConfirmed: boolean("guidelines_confirmed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("fundraisers_slug_idx").on(t.slug),
    index("fundraisers_status_idx").on(t.status, t.createdAt),
    newestFirstIndex("fundraisers", t),
  ],
);

/**
 * Finance moved a gift from a fundraiser page to another or to the general fund, with a note
 * (docs/decisions/225-fundraiser-staff-tools.md): the log of each move. No foreign keys, like
 * `approved_by`, so the log outlives what it names.
 */
export const fundraiserGiftMoves = pgTable(
  "fundraiser_gift_moves",
  {
    id: id(),
    donationId: text("donation_id").notNull(),
    /** The page the gift was on, and the page it went to (null: the general fund). */
    fromFundraiserId: text("from_fundraiser_id"),
    toFundraiserId: text("to_fundraiser_id"),
    note: text("note").notNull(),
    /** The staff account that moved it (user id). */
    movedBy: text("moved_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("fundraiser_gift_moves_created_idx").on(t.createdAt)],
);
