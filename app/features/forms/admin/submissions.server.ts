import { and, isNull } from "drizzle-orm";
import {
  contactMessages,
  newsletterSubscriptions,
  partnershipInquiries,
  volunteerSignups,
} from "#app/db/schema/forms";
import { opportunityTitle } from "#app/features/forms/submissions.server";
import { languageName } from "#app/i18n/locales";
import {
  type DateRange,
  formatCsvDate,
  formatDisplayDate,
  withinRange,
} from "#app/lib/admin/dates.server";
import {
  mapBatches,
  mapPage,
  newestFirst,
  newestFirstBatches,
} from "#app/lib/admin/pagination.server";

/**
 * Pages of what the public forms stored, shaped for the dashboard tables
 * (docs/decisions/060-dashboard-structure.md).
 */

export async function listSubscribers(page: number) {
  return mapPage(await newestFirst(newsletterSubscriptions, page), (row) => ({
    id: row.id,
    name: row.firstName,
    email: row.email,
    date: formatDisplayDate(row.createdAt),
    language: languageName(row.language),
    subscribed: row.unsubscribedAt === null,
  }));
}

/**
 * Only people still subscribed are exported: the file feeds mailings
 * (docs/decisions/061-csv-exports.md).
 */
export function subscriberCsvRows(range: DateRange): AsyncIterable<string[][]> {
  const rows = newestFirstBatches(
    newsletterSubscriptions,
    and(
      isNull(newsletterSubscriptions.unsubscribedAt),
      withinRange(newsletterSubscriptions.createdAt, range),
    ),
  );
  return mapBatches(rows, (row) => [
    row.firstName,
    row.email,
    formatCsvDate(row.createdAt),
    languageName(row.language),
  ]);
}

export async function listMessages(page: number) {
  return mapPage(await newestFirst(contactMessages, page), (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    date: formatDisplayDate(row.createdAt),
    language: languageName(row.language),
  }));
}

export function messageCsvRows(range: DateRange): AsyncIterable<string[][]> {
  const rows = newestFirstBatches(contactMessages, withinRange(contactMessages.createdAt, range));
  return mapBatches(rows, (row) => [
    row.name,
    row.email,
    row.message,
    formatCsvDate(row.createdAt),
    languageName(row.language),
  ]);
}

export async function listVolunteers(page: number) {
  return mapPage(await newestFirst(volunteerSignups, page), (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    opportunity: opportunityTitle(row.opportunity),
    date: formatDisplayDate(row.createdAt),
    language: languageName(row.language),
  }));
}

export function volunteerCsvRows(range: DateRange): AsyncIterable<string[][]> {
  const rows = newestFirstBatches(volunteerSignups, withinRange(volunteerSignups.createdAt, range));
  return mapBatches(rows, (row) => [
    row.name,
    row.email,
    row.phone ?? "",
    opportunityTitle(row.opportunity),
    formatCsvDate(row.createdAt),
    languageName(row.language),
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
    language: languageName(row.language),
  }));
}

export function partnershipCsvRows(range: DateRange): AsyncIterable<string[][]> {
  const rows = newestFirstBatches(
    partnershipInquiries,
    withinRange(partnershipInquiries.createdAt, range),
  );
  return mapBatches(rows, (row) => [
    row.name,
    row.company,
    row.email,
    row.message,
    formatCsvDate(row.createdAt),
    languageName(row.language),
  ]);
}
