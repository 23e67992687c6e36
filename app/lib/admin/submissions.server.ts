import { and, isNull } from "drizzle-orm";
import {
  contactMessages,
  newsletterSubscriptions,
  partnershipInquiries,
  volunteerSignups,
} from "#app/db/schema";
import { volunteerOpportunities } from "#app/lib/site";
import { type DateRange, formatCsvDate, formatDisplayDate, withinRange } from "./dates.server";
import { allNewestFirst, mapPage, newestFirst } from "./pagination.server";

/** Pages of what the public forms stored (D5), shaped for the dashboard tables. */

export async function listSubscribers(page: number) {
  return mapPage(await newestFirst(newsletterSubscriptions, page), (row) => ({
    id: row.id,
    name: row.firstName,
    email: row.email,
    date: formatDisplayDate(row.createdAt),
    subscribed: row.unsubscribedAt === null,
  }));
}

/** Only people still subscribed are exported: the file feeds mailings (decision 060). */
export async function subscriberCsvRows(range: DateRange): Promise<string[][]> {
  const rows = await allNewestFirst(
    newsletterSubscriptions,
    and(
      isNull(newsletterSubscriptions.unsubscribedAt),
      withinRange(newsletterSubscriptions.createdAt, range),
    ),
  );
  return rows.map((row) => [row.firstName, row.email, formatCsvDate(row.createdAt)]);
}

export async function listMessages(page: number) {
  return mapPage(await newestFirst(contactMessages, page), (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    date: formatDisplayDate(row.createdAt),
  }));
}

export async function messageCsvRows(range: DateRange): Promise<string[][]> {
  const rows = await allNewestFirst(contactMessages, withinRange(contactMessages.createdAt, range));
  return rows.map((row) => [row.name, row.email, row.message, formatCsvDate(row.createdAt)]);
}

function opportunityTitle(slug: string): string {
  return volunteerOpportunities.find((opportunity) => opportunity.slug === slug)?.title ?? slug;
}

export async function listVolunteers(page: number) {
  return mapPage(await newestFirst(volunteerSignups, page), (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    opportunity: opportunityTitle(row.opportunity),
    date: formatDisplayDate(row.createdAt),
  }));
}

export async function volunteerCsvRows(range: DateRange): Promise<string[][]> {
  const rows = await allNewestFirst(
    volunteerSignups,
    withinRange(volunteerSignups.createdAt, range),
  );
  return rows.map((row) => [
    row.name,
    row.email,
    row.phone ?? "",
    opportunityTitle(row.opportunity),
    formatCsvDate(row.createdAt),
  ]);
}

export async function listPartnerships(page: number) {
  return mapPage(await newestFirst(partnershipInquiries, page), (row) => ({
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    message: row.message,
    date: formatDisplayDate(row.createdAt),
  }));
}

export async function partnershipCsvRows(range: DateRange): Promise<string[][]> {
  const rows = await allNewestFirst(
    partnershipInquiries,
    withinRange(partnershipInquiries.createdAt, range),
  );
  return rows.map((row) => [
    row.name,
    row.company,
    row.email,
    row.message,
    formatCsvDate(row.createdAt),
  ]);
}
