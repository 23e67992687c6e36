/**
 * Visitors' reports of a wrong listing on the finder ("Report a problem with this
 * listing"; docs/decisions/245-listing-reports.md). app/db/schema.ts re-exports them.
 */
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, language } from "../columns";
import { cascade, hsdsService } from "./services";

export const listingReports = pgTable(
  "listing_reports",
  {
    id: id(),
    serviceId: text("service_id")
      .notNull()
      .references(() => hsdsService.id, cascade),
    /** One of app/features/listing-reports/schema.ts' reasons. */
    reason: text("reason").notNull(),
    /** Only staff read it; never shown on a public page. */
    note: text("note").notNull().default(""),
    /** Optional: the reporter hears back when the report is resolved. */
    email: text("email"),
    language: language(),
    createdAt: createdAt(),
    /** Set when staff dismiss the report or mark the listing checked; the queue shows only open ones. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    /** "dismissed" or "verified". */
    resolution: text("resolution"),
  },
  (t) => [index("listing_reports_service_idx").on(t.serviceId, t.createdAt)],
);
