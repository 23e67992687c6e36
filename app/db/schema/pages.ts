import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "../columns";

/**
 * The pages staff write (docs/decisions/281-pages-drafts-and-publishing.md); app/db/schema.ts
 * re-exports them. A page is an address; each language of it has a draft and, once published, a
 * published version, apart, so publishing one language never touches the other.
 */
export const pages = pgTable("pages", {
  id: id(),
  /** The unlocalized address: a placeholder's ("/our-work"), "/about", or "/p/<slug>". Unique. */
  path: text("path").notNull().unique(),
  createdAt: createdAt(),
});

/** One language of a page: its draft, its published version and its scheduled publication. */
export const pageLanguages = pgTable(
  "page_languages",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    /** "en" or "es". */
    language: text("language").notNull(),
    draftTitle: text("draft_title").notNull().default(""),
    draftSummary: text("draft_summary").notNull().default(""),
    /** Rich text (app/lib/rich-text), checked on every save. */
    draftBody: jsonb("draft_body").notNull(),
    /** Counts the draft's saves: a save names the version it started from (a conflict otherwise). */
    draftVersion: integer("draft_version").notNull().default(1),
    draftUpdatedAt: timestamp("draft_updated_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    draftUpdatedBy: text("draft_updated_by"),
    publishedTitle: text("published_title"),
    publishedSummary: text("published_summary"),
    publishedBody: jsonb("published_body"),
    /** Null until first published. */
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    /** The draft version last published: the draft has changes while it is lower. */
    publishedVersion: integer("published_version"),
    /** When the draft is to be published by itself; cleared by the publication that claims it. */
    publishAt: timestamp("publish_at", { withTimezone: true, mode: "date" }),
    publishRequestedBy: text("publish_requested_by"),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.language] }),
    index("page_languages_publish_at_idx").on(t.publishAt),
  ],
);

/** Every publication of one language of a page, kept to compare and restore. */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    id: id(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: jsonb("body").notNull(),
    /** The staff member's e-mail, or "schedule" for a publication at a set time. */
    publishedBy: text("published_by").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("page_revisions_page_idx").on(t.pageId, t.language, t.publishedAt)],
);

/**
 * A link showing one language's draft to someone without an account: the SHA-256 of its token,
 * deleted when that language is published, refused after `expiresAt`.
 */
export const pagePreviewTokens = pgTable(
  "page_preview_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_preview_tokens_page_idx").on(t.pageId, t.language)],
);

/** An image uploaded for a page's body, served at /page-images/<key> (app/features/pages/addresses.ts). */
export const pageImages = pgTable(
  "page_images",
  {
    key: text("key").primaryKey(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    /** The alternative text given at upload, offered again when the image is placed. */
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_images_page_idx").on(t.pageId)],
);
