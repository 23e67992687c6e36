import type { Role } from "#app/lib/roles";
import type { DateRange } from "./dates.server";
import { donationCsvRows } from "./donations.server";
import {
  messageCsvRows,
  partnershipCsvRows,
  subscriberCsvRows,
  volunteerCsvRows,
} from "./submissions.server";
import { type AdminTabSlug, adminTabs, type CsvFileName, rolesFor } from "./tabs";

interface CsvExport {
  columns: string[];
  emptyMessage: string;
  /** The rows in the range; `query` carries a file's own filters (donations: status, type). */
  rows: (range: DateRange, query: URLSearchParams) => Promise<string[][]>;
}

/** Every CSV the dashboard offers (spec 9 names and columns; D5 for the form submissions). */
const csvExports: Record<CsvFileName, CsvExport> = {
  "subscribers.csv": {
    columns: ["Name", "Email", "Date"],
    emptyMessage: "No subscribers to export",
    rows: subscriberCsvRows,
  },
  "donations.csv": {
    // The spec's columns first, so sheets built on them keep working (decision 080).
    columns: [
      "Donor",
      "Email",
      "Amount",
      "Type",
      "Status",
      "Date",
      "Fee",
      "Refunded",
      "Reference",
      "Language",
    ],
    emptyMessage: "No donations to export",
    rows: donationCsvRows,
  },
  "messages.csv": {
    columns: ["Name", "Email", "Message", "Date"],
    emptyMessage: "No messages to export",
    rows: messageCsvRows,
  },
  "volunteers.csv": {
    columns: ["Name", "Email", "Phone", "Opportunity", "Date"],
    emptyMessage: "No volunteer sign-ups to export",
    rows: volunteerCsvRows,
  },
  "partnerships.csv": {
    columns: ["Name", "Company", "Email", "Message", "Date"],
    emptyMessage: "No partnership inquiries to export",
    rows: partnershipCsvRows,
  },
};

/** The export behind a file name, with the tab it belongs to (whose roles apply), or null. */
export function exportFor(
  fileName: string,
): (CsvExport & { tab: AdminTabSlug; roles: Role[] }) | null {
  const tab = adminTabs.find((candidate) => "csv" in candidate && candidate.csv === fileName);
  if (!tab || !("csv" in tab)) return null;
  return { ...csvExports[tab.csv], tab: tab.slug, roles: rolesFor(tab.slug) };
}
