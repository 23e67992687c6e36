import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const isPublished = () => boolean("is_published").notNull().default(false);

// ---------------------------------------------------------------- resources library (spec 3)

export const documents = pgTable(
  "documents",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    /** Where the file is served from, e.g. /files/<storage key>. */
    fileUrl: text("file_url").notNull(),
    /** Key of the object in the storage backend (a random name keeping the extension). */
    storageKey: text("storage_key").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: text("file_size").notNull(),
    isPublished: isPublished(),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_published_created_idx").on(t.isPublished, t.createdAt.desc()),
    index("documents_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("documents_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    uniqueIndex("documents_storage_key_idx").on(t.storageKey),
  ],
);

export const statistics = pgTable(
  "statistics",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    /** Free text such as "March 2025". */
    date: text("date"),
    isPublished: isPublished(),
    createdAt: createdAt(),
  },
  (t) => [
    index("statistics_published_created_idx").on(t.isPublished, t.createdAt.desc()),
    index("statistics_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("statistics_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

export const externalLinks = pgTable(
  "external_links",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    url: text("url").notNull(),
    category: text("category"),
    isPublished: isPublished(),
    createdAt: createdAt(),
  },
  (t) => [
    index("external_links_published_created_idx").on(t.isPublished, t.createdAt.desc()),
    index("external_links_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("external_links_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

// ---------------------------------------------------------------- newsletter and donations

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    /** Stored trimmed and lower-case, so uniqueness is case-insensitive (D6). */
    email: text("email").notNull(),
    /** Which form it came from: "launch" (pre-launch page) or "home". */
    source: text("source").notNull().default("launch"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("newsletter_subscriptions_email_key").on(t.email),
    index("newsletter_subscriptions_created_idx").on(t.createdAt.desc()),
  ],
);

export const donations = pgTable(
  "donations",
  {
    id: id(),
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** Minor units (cents). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    isMonthly: boolean("is_monthly").notNull().default(false),
    status: text("status").notNull().default("pending"),
    /** Payment provider reference (PaymentIntent or Subscription id). */
    paymentReference: text("payment_reference"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("donations_payment_reference_idx").on(t.paymentReference),
    index("donations_created_idx").on(t.createdAt.desc()),
    index("donations_status_created_idx").on(t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------- public form submissions (D5)

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
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
    createdAt: createdAt(),
  },
  (t) => [
    // The same person signing up twice for one opportunity is one sign-up.
    unique("volunteer_signups_email_opportunity_key").on(t.email, t.opportunity),
    index("volunteer_signups_created_idx").on(t.createdAt.desc()),
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
    createdAt: createdAt(),
  },
  (t) => [index("partnership_inquiries_created_idx").on(t.createdAt.desc())],
);

// ---------------------------------------------------------------- accounts (better-auth, D4)

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** user | editor | finance | admin */
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Tables a test reset empties, children first. */
export const resettableTables = [
  "session",
  "account",
  "verification",
  "user",
  "documents",
  "statistics",
  "external_links",
  "newsletter_subscriptions",
  "donations",
  "contact_messages",
  "volunteer_signups",
  "partnership_inquiries",
] as const;
