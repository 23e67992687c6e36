/**
 * Every table, re-exported from the files that define them (app/db/schema/): a file named after a
 * feature holds that feature's tables, which only that feature imports (the data-ownership rule
 * of .dependency-cruiser.cjs); auth.ts, outbox.ts and events.ts are shared. The database client
 * and drizzle-kit read them all; the app's own modules import the file that owns a table, never
 * this one (docs/decisions/265-features-through-front-doors.md).
 */
export * from "./schema/auth";
export * from "./schema/beds";
export * from "./schema/donations";
export * from "./schema/events";
export * from "./schema/forms";
export * from "./schema/fundraisers";
export * from "./schema/giving";
export * from "./schema/library";
export * from "./schema/listing-reports";
export * from "./schema/newsletters";
export * from "./schema/outbox";
export * from "./schema/pages";
export * from "./schema/services";
export * from "./schema/services-details";
export * from "./schema/shifts";
export * from "./schema/tributes";
export * from "./schema/weather";

/** Tables a test reset empties, children first. */
export const resettableTables = [
  "page_images",
  "page_preview_tokens",
  "page_revisions",
  "page_languages",
  "pages",
  "weather_alert_links",
  "weather_banners",
  "listing_reports",
  "bed_update_links",
  "capacity_changes",
  "hsds_service_capacity",
  "hsds_unit",
  "hsds_language",
  "hsds_phone",
  "hsds_schedule",
  "hsds_accessibility",
  "hsds_address",
  "hsds_service_at_location",
  "hsds_location",
  "hsds_service",
  "hsds_organization",
  "session",
  "account",
  "verification",
  "user",
  "documents",
  "statistics",
  "external_links",
  "newsletter_bounces",
  "newsletter_rate",
  "newsletter_recipients",
  "newsletters",
  "newsletter_subscriptions",
  "donor_sessions",
  "donor_sign_in_links",
  "monthly_gift_pauses",
  "gift_dedication_changes",
  "gift_dedications",
  "payment_events",
  "donations",
  "monthly_gifts",
  "fundraiser_gift_moves",
  "fundraisers",
  "shift_signups",
  "volunteer_shifts",
  "volunteer_opportunities",
  "mail_outbox",
  "event_deliveries",
  "events",
  "contact_messages",
  "volunteer_signups",
  "partnership_inquiries",
] as const;
