import { donationCsvRows } from "#app/features/donations/index.server";
import {
  messageCsvRows,
  partnershipCsvRows,
  subscriberCsvRows,
  volunteerCsvRows,
} from "#app/features/forms/index.server";
import { FUNDRAISER_CSV_COLUMNS, fundraiserCsvRows } from "#app/features/fundraisers/index.server";
import {
  type LibraryKind,
  libraryCsvFile,
  libraryKindDefinitions,
  libraryKinds,
} from "#app/features/library/index";
import { libraryCsvColumns, libraryCsvRows } from "#app/features/library/index.server";
import {
  ROSTER_CSV_COLUMNS,
  rosterCsvRows,
  SHIFT_CSV_COLUMNS,
  shiftCsvRows,
} from "#app/features/shifts/index.server";
import type { DateRange } from "#app/lib/admin/dates.server";
import type { Role } from "#app/lib/auth/roles";
import { type AdminTabSlug, adminTabs, type CsvFileName, rolesFor } from "./tabs";

interface CsvExport {
  columns: string[];
  emptyMessage: string;
  /**
   * The rows in the range, in batches read as the download goes
   * (docs/decisions/134-streamed-exports.md); `query` carries a file's own filters (donations:
   * status, type).
   */
  rows: (range: DateRange, query: URLSearchParams) => AsyncIterable<string[][]>;
}

/**
 * Each library kind's items, drafts included, with their status
 * (docs/decisions/142-library-kinds.md).
 */
const libraryExports = {} as Record<`${LibraryKind}.csv`, CsvExport>;
for (const kind of libraryKinds) {
  libraryExports[libraryCsvFile(kind)] = {
    columns: libraryCsvColumns(kind),
    emptyMessage: `No ${libraryKindDefinitions[kind].dashboard.plural} to export`,
    rows: (range) => libraryCsvRows(kind, range),
  };
}

/**
 * Every CSV the dashboard offers, with the file names and columns staff expect
 * (docs/decisions/061-csv-exports.md). The visitor's language comes last, after those columns
 * (docs/decisions/114-stored-language.md).
 */
const csvExports: Record<CsvFileName, CsvExport> = {
  ...libraryExports,
  "subscribers.csv": {
    columns: ["Name", "Email", "Date", "Language"],
    emptyMessage: "No subscribers to export",
    rows: subscriberCsvRows,
  },
  "donations.csv": {
    // The columns staff expect first, so sheets built on them keep working
    // (docs/decisions/080-donations-for-finance-staff.md).
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
      "Fundraiser",
      // Gifts in honour or in memory (docs/decisions/236-managing-a-dedication.md).
      "Dedication",
      "Honoree",
      "Card sent",
    ],
    emptyMessage: "No donations to export",
    rows: donationCsvRows,
  },
  "messages.csv": {
    columns: ["Name", "Email", "Message", "Date", "Language"],
    emptyMessage: "No messages to export",
    rows: messageCsvRows,
  },
  "volunteers.csv": {
    columns: ["Name", "Email", "Phone", "Opportunity", "Date", "Language"],
    emptyMessage: "No volunteer sign-ups to export",
    rows: volunteerCsvRows,
  },
  "fundraisers.csv": {
    columns: FUNDRAISER_CSV_COLUMNS,
    emptyMessage: "No fundraisers to export",
    rows: fundraiserCsvRows,
  },
  // Volunteer shifts and who signed up, by the shift's start (docs/decisions/241-shifts-tab.md).
  "shifts.csv": {
    columns: SHIFT_CSV_COLUMNS,
    emptyMessage: "No shifts to export",
    rows: shiftCsvRows,
  },
  "roster.csv": {
    columns: ROSTER_CSV_COLUMNS,
    emptyMessage: "No sign-ups to export",
    rows: rosterCsvRows,
  },
  "partnerships.csv": {
    columns: ["Name", "Company", "Email", "Message", "Date", "Language"],
    emptyMessage: "No partnership inquiries to export",
    rows: partnershipCsvRows,
  },
};

/** The export behind a file name, with the tab it belongs to (whose roles apply), or null. */
export function exportFor(
  fileName: string,
): (CsvExport & { tab: AdminTabSlug; roles: Role[] }) | null {
  const tab = adminTabs.find(
    (candidate) =>
      ("csv" in candidate && candidate.csv === fileName) ||
      ("moreCsv" in candidate && candidate.moreCsv === fileName),
  );
  if (!tab) return null;
  return { ...csvExports[fileName as CsvFileName], tab: tab.slug, roles: rolesFor(tab.slug) };
}
