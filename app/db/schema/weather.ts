import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The tables of the weather banners (docs/decisions/180-weather-banners.md); app/db/schema.ts re-exports them. */

/** A banner shown on every public page between its times (docs/decisions/180-weather-banners.md). */
export const weatherBanners = pgTable(
  "weather_banners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** freeze, heat, storm or other (app/features/weather/kinds.ts). */
    kind: text("kind").notNull(),
    messageEn: text("message_en").notNull(),
    messageEs: text("message_es"),
    /** An unlocalized path or an absolute URL; Spanish pages localize a path. */
    link: text("link").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Set when staff or the NWS end the banner before its end time. */
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    /** "published" shows between its times; "draft" waits for staff approval. */
    status: text("status").notNull().default("published"),
    /** "staff" or "nws". */
    source: text("source").notNull().default("staff"),
    /** The latest NWS alert it follows, linked in the dashboard. */
    nwsAlertId: text("nws_alert_id"),
    nwsEvent: text("nws_event"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("weather_banners_ends_at_idx").on(t.endsAt)],
);

/**
 * Every NWS alert id (an alert and each of its updates) and the banner it belongs to. The primary
 * key makes the database, not a process, decide that one alert makes one banner
 * (docs/decisions/181-nws-drafts.md).
 */
export const weatherAlertLinks = pgTable(
  "weather_alert_links",
  {
    alertId: text("alert_id").primaryKey(),
    bannerId: uuid("banner_id")
      .notNull()
      .references(() => weatherBanners.id, { onDelete: "cascade" }),
  },
  (t) => [index("weather_alert_links_banner_idx").on(t.bannerId)],
);
