/**
 * Live capacity of the finder's services in the shape of HSDS 3.1's `unit` and `service_capacity`
 * tables (docs/decisions/227-beds-tonight.md), every change to a count, and the secret update link
 * of each service (docs/decisions/228-bed-update-links.md). app/db/schema.ts re-exports them.
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "../columns";
import { cascade, hsdsService } from "./services";

/** HSDS 3.1 `unit`: what a count counts ("bed", "mat", "room"). */
export const hsdsUnit = pgTable("hsds_unit", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  scheme: text("scheme"),
  identifier: text("identifier"),
  uri: text("uri"),
});

/** HSDS 3.1 `service_capacity`: one count per unit of a service (beds for women, mats...). */
export const hsdsServiceCapacity = pgTable(
  "hsds_service_capacity",
  {
    id: text("id").primaryKey(),
    serviceId: text("service_id")
      .notNull()
      .references(() => hsdsService.id, cascade),
    unitId: text("unit_id")
      .notNull()
      .references(() => hsdsUnit.id),
    available: integer("available").notNull(),
    /** Null: no known maximum (a count then goes up to 9,999). */
    maximum: integer("maximum"),
    /** Shown before the count ("Women", "Families"). */
    description: text("description"),
    /** When the count was last set, by anyone: its freshness is measured from here. */
    updated: timestamp("updated", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("hsds_service_capacity_service_idx").on(t.serviceId)],
);

/** Every count ever set, so staff can see the nights a shelter was full. */
export const capacityChanges = pgTable(
  "capacity_changes",
  {
    id: id(),
    capacityId: text("capacity_id")
      .notNull()
      .references(() => hsdsServiceCapacity.id, cascade),
    serviceId: text("service_id")
      .notNull()
      .references(() => hsdsService.id, cascade),
    available: integer("available").notNull(),
    /** The count's moment on the finder's clock (countsNow in app/lib/clock.server.ts). */
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The database's own clock when it was written: what "once a second" is measured on. */
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    /** "link", "staff" or "import". */
    source: text("source").notNull(),
    /** The staff member's name or e-mail when staff changed it. */
    staffName: text("staff_name"),
  },
  (t) => [index("capacity_changes_service_idx").on(t.serviceId, t.changedAt)],
);

/**
 * A service's update link: the link signs the service id and `version`; rotating bumps the
 * version, revoking deletes the row, so an old link matches nothing.
 */
export const bedUpdateLinks = pgTable("bed_update_links", {
  serviceId: text("service_id")
    .primaryKey()
    .references(() => hsdsService.id, cascade),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** Where staff last sent it, and when. */
  sentTo: text("sent_to"),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
});
