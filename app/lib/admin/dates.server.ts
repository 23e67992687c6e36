import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { HOUSTON_TIME_ZONE } from "../houston-calendar";

// Staff work in Houston: dashboard dates, month buckets and export ranges use its clock.

const displayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: HOUSTON_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** "Nov 21, 2026, 6:40 PM" in Houston time; formatted on the server so hydration matches. */
export function formatDisplayDate(date: Date): string {
  return displayFormat.format(date);
}

const csvFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: HOUSTON_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-21 18:40" in Houston time: sortable, and read as a date by spreadsheets. */
export function formatCsvDate(date: Date): string {
  const part = Object.fromEntries(csvFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

const optionalDay = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.iso.date("Dates must look like 2026-01-31").optional())
  .optional();

/** An optional inclusive range of calendar days (Houston time) given as ?from=&to=. */
export const dateRangeSchema = z
  .object({ from: optionalDay, to: optionalDay })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "The start date must not be after the end date",
  });

export type DateRange = z.infer<typeof dateRangeSchema>;

/** The SQL condition keeping rows whose timestamp falls in the range (undefined: no limit). */
export function withinRange(column: PgColumn, range: DateRange): SQL | undefined {
  const conditions: SQL[] = [];
  if (range.from) {
    conditions.push(
      sql`${column} >= ((${range.from}::date)::timestamp at time zone ${HOUSTON_TIME_ZONE})`,
    );
  }
  if (range.to) {
    conditions.push(
      sql`${column} < ((${range.to}::date + 1)::timestamp at time zone ${HOUSTON_TIME_ZONE})`,
    );
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
}
