import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { donations } from "#app/db/schema";
import { formatCents } from "#app/lib/money";
import {
  type DateRange,
  formatCsvDate,
  formatDisplayDate,
  ORG_TIME_ZONE,
  withinRange,
} from "./dates.server";
import { allNewestFirst, mapPage, newestFirst } from "./pagination.server";

type DonationRow = typeof donations.$inferSelect;

/** How a donation status is styled: the spec styles succeeded and pending, anything else in red. */
export type StatusTone = "succeeded" | "pending" | "other";

/** One donation as the table and the CSV show it. */
function presentDonation(row: DonationRow) {
  const status = row.status.charAt(0).toUpperCase() + row.status.slice(1);
  return {
    donor: row.isAnonymous ? "Anonymous" : row.donorName?.trim() || "(no name given)",
    email: row.donorEmail ?? "",
    amount: formatCents(row.amount, row.currency),
    type: row.isMonthly ? "Monthly" : "One-time",
    status,
    tone: (row.status === "succeeded" || row.status === "pending"
      ? row.status
      : "other") as StatusTone,
  };
}

export async function listDonations(page: number) {
  return mapPage(await newestFirst(donations, page), (row) => ({
    id: row.id,
    ...presentDonation(row),
    date: formatDisplayDate(row.createdAt),
  }));
}

export async function donationCsvRows(range: DateRange): Promise<string[][]> {
  const rows = await allNewestFirst(donations, withinRange(donations.createdAt, range));
  return rows.map((row) => {
    const shown = presentDonation(row);
    return [
      shown.donor,
      shown.email,
      shown.amount,
      shown.type,
      shown.status,
      formatCsvDate(row.createdAt),
    ];
  });
}

/**
 * The spec's dashboard totals (section 9), in cents: only succeeded donations count. Donors are
 * distinct e-mail addresses, compared case-insensitively.
 */
export async function donationTotals() {
  const [row] = await selectRows<{ total: string; monthly: string; donors: string }>(sql`
    select
      coalesce(sum(${donations.amount}) filter (where ${donations.status} = 'succeeded'), 0) as total,
      coalesce(sum(${donations.amount}) filter (
        where ${donations.status} = 'succeeded' and ${donations.isMonthly}
      ), 0) as monthly,
      count(distinct lower(${donations.donorEmail})) filter (
        where ${donations.status} = 'succeeded'
      ) as donors
    from ${donations}
  `);
  return { total: Number(row.total), monthly: Number(row.monthly), donors: Number(row.donors) };
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
 * one-time and monthly apart; months without gifts are present with zeros.
 */
export async function donationsByMonth(now: Date = new Date()): Promise<MonthTotals[]> {
  const rows = await selectRows<{ month: string; one_time: string; monthly: string }>(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${ORG_TIME_ZONE}) - interval '11 months',
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${ORG_TIME_ZONE}),
        interval '1 month'
      ) as month
    )
    select
      to_char(months.month, 'YYYY-MM') as month,
      coalesce(sum(d.amount) filter (where not d.is_monthly), 0) as one_time,
      coalesce(sum(d.amount) filter (where d.is_monthly), 0) as monthly
    from months
    left join ${donations} d
      on d.status = 'succeeded'
      and date_trunc('month', d.created_at at time zone ${ORG_TIME_ZONE}) = months.month
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
