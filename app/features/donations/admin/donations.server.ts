import { and, asc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { db, selectRows } from "#app/db/client.server";
import { donations, monthlyGifts, paymentEvents } from "#app/db/schema/donations";
import { DONATION_STATUSES, statusLabel } from "#app/features/donations/status";
import { languageName } from "#app/i18n/locales";
import {
  type DateRange,
  formatCsvDate,
  formatDisplayDate,
  withinRange,
} from "#app/lib/admin/dates.server";
import { mapPage, newestFirst, newestFirstBatches } from "#app/lib/admin/pagination.server";
import * as clock from "#app/lib/clock.server";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import { formatCents } from "#app/lib/money";
import { giftAddOns } from "../add-ons.server";
import { netGiftCents } from "../net-gift.server";
import { refundableCents } from "./refunds.server";

type DonationRow = typeof donations.$inferSelect;

/**
 * How a donation status is styled (docs/decisions/080-donations-for-finance-staff.md): succeeded
 * and pending have their own tones, anything else is red; processing (a bank payment still
 * settling) is waiting like pending.
 */
export type StatusTone = "succeeded" | "pending" | "other";

function toneOf(status: string): StatusTone {
  if (status === "succeeded") return "succeeded";
  return status === "pending" || status === "processing" ? "pending" : "other";
}

export const DONATION_TYPES = ["once", "monthly"] as const;

/**
 * The table's and the export's filters, from the query string (?status=&type=). A value that is
 * not a known status or type means "all", as a nonsense ?page= means the first page.
 */
const filtersSchema = z.object({
  status: z.enum(DONATION_STATUSES).optional().catch(undefined),
  type: z.enum(DONATION_TYPES).optional().catch(undefined),
  /** Only gifts in honour or in memory (docs/decisions/236-managing-a-dedication.md). */
  tribute: z.literal("yes").optional().catch(undefined),
});

export type DonationFilters = z.infer<typeof filtersSchema>;

export function donationFiltersFrom(query: URLSearchParams): DonationFilters {
  return filtersSchema.parse({
    status: query.get("status") ?? undefined,
    type: query.get("type") ?? undefined,
    tribute: query.get("tribute") ?? undefined,
  });
}

function filtersWhere(filters: DonationFilters): SQL | undefined {
  return and(
    filters.status ? eq(donations.status, filters.status) : undefined,
    filters.type ? eq(donations.isMonthly, filters.type === "monthly") : undefined,
    filters.tribute
      ? sql`${donations.id} in (${giftAddOns().dedications.dedicatedGiftIds})`
      : undefined,
  );
}

/** One donation as the table, the CSV and the detail page show it. */
function presentDonation(row: DonationRow) {
  return {
    donor: row.isAnonymous ? "Anonymous" : row.donorName?.trim() || "(no name given)",
    email: row.donorEmail ?? "",
    amount: formatCents(row.amount, row.currency),
    fee: formatCents(row.feeAmount, row.currency),
    refunded: formatCents(row.refundedAmount, row.currency),
    type: row.isMonthly ? "Monthly" : "One-time",
    status: statusLabel(row.status),
    tone: toneOf(row.status),
  };
}

export async function listDonations(page: number, filters: DonationFilters = {}) {
  const found = await newestFirst(donations, page, filtersWhere(filters));
  const titles = await giftAddOns().pages.titles(found.rows.map((row) => row.fundraiserId));
  return mapPage(found, (row) => ({
    id: row.id,
    ...presentDonation(row),
    fundraiser: fundraiserOf(row, titles),
    date: formatDisplayDate(row.createdAt),
  }));
}

/** The page a gift was given on (docs/decisions/225-fundraiser-staff-tools.md), or "". */
function fundraiserOf(row: DonationRow, titles: Map<string, string>) {
  return row.fundraiserId ? (titles.get(row.fundraiserId) ?? "") : "";
}

/**
 * donations.csv: the columns staff expect, then Fee, Refunded, Reference, Language
 * (docs/decisions/080-donations-for-finance-staff.md); then Fundraiser: the page's title, empty
 * for the general fund (docs/decisions/225-fundraiser-staff-tools.md); then Dedication, Honoree,
 * Card sent (docs/decisions/236-managing-a-dedication.md).
 */
export async function* donationCsvRows(
  range: DateRange,
  query: URLSearchParams,
): AsyncGenerator<string[][]> {
  const batches = newestFirstBatches(
    donations,
    and(withinRange(donations.createdAt, range), filtersWhere(donationFiltersFrom(query))),
  );
  const { dedications, pages } = giftAddOns();
  for await (const batch of batches) {
    const titles = await pages.titles(batch.map((row) => row.fundraiserId));
    const dedicationColumns = await dedications.csvColumns(batch.map((row) => row.id));
    yield batch.map((row) => {
      const shown = presentDonation(row);
      return [
        shown.donor,
        shown.email,
        shown.amount,
        shown.type,
        shown.status,
        formatCsvDate(row.createdAt),
        shown.fee,
        shown.refunded,
        row.paymentReference ?? "",
        languageName(row.language),
        fundraiserOf(row, titles),
        ...(dedicationColumns.get(row.id) ?? []),
      ];
    });
  }
}

/** The covered fee left after a refund larger than the gift itself. */
const netFee = sql`greatest(${donations.feeAmount} - greatest(${donations.refundedAmount} - ${donations.amount}, 0), 0)`;
const succeeded = sql`${donations.status} = 'succeeded'`;

/**
 * The dashboard totals (docs/decisions/080-donations-for-finance-staff.md), in cents: only
 * succeeded donations count, less what was refunded; fees donors covered are a total of their own,
 * never inside the gift totals. Donors are distinct e-mail addresses, compared case-insensitively.
 */
export async function donationTotals() {
  const [row] = await selectRows<{
    total: string;
    monthly: string;
    fees: string;
    donors: string;
  }>(sql`
    select
      coalesce(sum(${netGiftCents}) filter (where ${succeeded}), 0) as total,
      coalesce(sum(${netGiftCents}) filter (where ${succeeded} and ${donations.isMonthly}), 0) as monthly,
      coalesce(sum(${netFee}) filter (where ${succeeded}), 0) as fees,
      count(distinct lower(${donations.donorEmail})) filter (where ${succeeded}) as donors
    from ${donations}
  `);
  return {
    total: Number(row.total),
    monthly: Number(row.monthly),
    fees: Number(row.fees),
    donors: Number(row.donors),
  };
}

export interface MonthTotals {
  /** "2026-11" */
  month: string;
  /** "Nov 2026" */
  label: string;
  oneTime: number;
  monthly: number;
}

const monthLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * Succeeded donations per calendar month (Houston time) for the 12 months up to `now`, in cents,
 * one-time and monthly apart, less refunds as in the totals; months without gifts are zeros.
 */
export async function donationsByMonth(now: Date = clock.now()): Promise<MonthTotals[]> {
  const rows = await selectRows<{ month: string; one_time: string; monthly: string }>(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${HOUSTON_TIME_ZONE}) - interval '11 months',
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${HOUSTON_TIME_ZONE}),
        interval '1 month'
      ) as month
    )
    select
      to_char(months.month, 'YYYY-MM') as month,
      coalesce(sum(${netGiftCents}) filter (where not ${donations.isMonthly}), 0) as one_time,
      coalesce(sum(${netGiftCents}) filter (where ${donations.isMonthly}), 0) as monthly
    from months
    left join ${donations}
      on ${succeeded}
      and date_trunc('month', ${donations.createdAt} at time zone ${HOUSTON_TIME_ZONE}) = months.month
    group by months.month
    order by months.month
  `);
  return rows.map((row) => {
    const [year, month] = row.month.split("-").map(Number);
    return {
      month: row.month,
      label: monthLabel.format(new Date(Date.UTC(year, month - 1, 1))),
      oneTime: Number(row.one_time),
      monthly: Number(row.monthly),
    };
  });
}

const uuidSchema = z.uuid();

/**
 * Everything staff see about one donation: its fields, its monthly gift, and its payment events
 * oldest first (the gift's own events, such as a cancellation, included). Null for an id that is
 * not a UUID or not a donation, so the page answers 404 rather than a database error.
 */
export async function donationDetail(id: string) {
  if (!uuidSchema.safeParse(id).success) return null;
  const [row] = await db().select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!row) return null;
  const [gift] = row.monthlyGiftId
    ? await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, row.monthlyGiftId))
    : [];
  const events = await db()
    .select()
    .from(paymentEvents)
    .where(
      or(
        eq(paymentEvents.donationId, row.id),
        gift
          ? and(eq(paymentEvents.monthlyGiftId, gift.id), isNull(paymentEvents.donationId))
          : undefined,
      ),
    )
    .orderBy(
      asc(paymentEvents.occurredAt),
      asc(paymentEvents.createdAt),
      asc(paymentEvents.eventId),
    );
  const counted = row.status === "succeeded" ? Math.max(row.amount - row.refundedAmount, 0) : 0;
  const refundable = refundableCents(row);
  return {
    id: row.id,
    ...presentDonation(row),
    donorName: row.donorName?.trim() || "(no name given)",
    isAnonymous: row.isAnonymous,
    charged: formatCents(row.amount + row.feeAmount, row.currency),
    counted: formatCents(counted, row.currency),
    currency: row.currency.toUpperCase(),
    reference: row.paymentReference,
    paymentIntent:
      row.paymentIntentId && row.paymentIntentId !== row.paymentReference
        ? row.paymentIntentId
        : null,
    failureMessage: row.failureMessage,
    // The refund form's ceiling and its amount field's first value, in dollars.
    refundable:
      refundable > 0
        ? { shown: formatCents(refundable, row.currency), dollars: (refundable / 100).toFixed(2) }
        : null,
    language: languageName(row.language),
    newsletterOptIn: row.newsletterOptIn,
    created: formatDisplayDate(row.createdAt),
    succeeded: row.succeededAt ? formatDisplayDate(row.succeededAt) : null,
    updated: formatDisplayDate(row.updatedAt),
    gift: gift
      ? {
          amount: formatCents(gift.amount, gift.currency),
          fee: formatCents(gift.feeAmount, gift.currency),
          status: statusLabel(gift.status),
          subscription: gift.subscriptionReference,
          customer: gift.customerReference,
          started: formatDisplayDate(gift.createdAt),
          canceled: gift.canceledAt ? formatDisplayDate(gift.canceledAt) : null,
        }
      : null,
    events: events.map((event) => ({
      id: event.eventId,
      type: event.type,
      outcome: event.outcome,
      occurred: formatDisplayDate(event.occurredAt),
    })),
  };
}
