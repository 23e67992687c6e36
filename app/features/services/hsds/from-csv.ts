/**
 * HSDS 3.0 tabular files to an ImportSet (docs/decisions/162-hsds-import.md): one CSV file per
 * table, named as the specification's data package names them (services.csv, organizations.csv,
 * locations.csv, service_at_locations.csv, addresses.csv, phones.csv, schedules.csv,
 * languages.csv, accessibility.csv; the singular names of older releases too), and
 * attributes.csv with taxonomy_terms.csv for the categories. Other HSDS tables are not read.
 */
import { parse } from "csv-parse/sync";
import { categoryOfTerm } from "./categories";
import { emptyImportSet, ImportError, type ImportSet, mergeInto, parseRecord } from "./import-set";
import {
  accessibilityRecord,
  addressRecord,
  languageRecord,
  locationRecord,
  organizationRecord,
  phoneRecord,
  scheduleRecord,
  serviceAtLocationRecord,
  serviceRecord,
} from "./records";

type Table = keyof ImportSet;

/** The tables read, by file name (lower case, without ".csv"). */
const TABLES: Record<
  string,
  { table: Table; kind: string; schema: Parameters<typeof parseRecord>[0] }
> = {};
function table(
  names: string[],
  tableName: Table,
  kind: string,
  schema: Parameters<typeof parseRecord>[0],
) {
  for (const name of names) TABLES[name] = { table: tableName, kind, schema };
}
table(["organizations", "organization"], "organizations", "organization", organizationRecord);
table(["services", "service"], "services", "service", serviceRecord);
table(["locations", "location"], "locations", "location", locationRecord);
table(
  ["service_at_locations", "service_at_location", "services_at_location"],
  "serviceAtLocations",
  "service_at_location",
  serviceAtLocationRecord,
);
table(["addresses", "address", "physical_addresses"], "addresses", "address", addressRecord);
table(
  ["accessibility", "accessibility_for_disabilities"],
  "accessibility",
  "accessibility",
  accessibilityRecord,
);
table(["phones", "phone"], "phones", "phone", phoneRecord);
table(["schedules", "schedule", "regular_schedules"], "schedules", "schedule", scheduleRecord);
table(["languages", "language"], "languages", "language", languageRecord);

const CATEGORY_FILES = new Set(["attributes", "attribute", "taxonomy_terms", "taxonomy_term"]);

export function tableNameOf(fileName: string): string {
  return (
    fileName
      .split(/[\\/]/)
      .at(-1)
      ?.toLowerCase()
      .replace(/\.csv$/, "") ?? ""
  );
}

/** The table a CSV file fills, or undefined for files not read (or read for categories). */
export function tableOfFile(fileName: string): keyof ImportSet | undefined {
  return TABLES[tableNameOf(fileName)]?.table;
}

/** Whether a file name is one the tabular import reads. */
export function isTabularFile(fileName: string): boolean {
  const name = tableNameOf(fileName);
  return fileName.toLowerCase().endsWith(".csv") && (name in TABLES || CATEGORY_FILES.has(name));
}

function rowsOf(
  fileName: string,
  text: string,
): { record: Record<string, string>; line: number }[] {
  try {
    const rows = parse(text, {
      columns: (header: string[]) => header.map((column) => column.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      info: true,
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return rows.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ImportError(`${fileName}: not a readable CSV file: ${message}`);
  }
}

/** `files`: file name to text. Throws an ImportError naming the file, line, record and field. */
export function importSetFromCsv(files: Map<string, string>): ImportSet {
  const set = emptyImportSet();
  const categoryRows: Record<string, { record: Record<string, string>; line: number }[]> = {};
  for (const [fileName, text] of files) {
    const name = tableNameOf(fileName);
    if (CATEGORY_FILES.has(name)) {
      categoryRows[name.startsWith("attribute") ? "attributes" : "terms"] = rowsOf(fileName, text);
      continue;
    }
    const definition = TABLES[name];
    if (!definition) continue;
    const seen = new Set<string>();
    for (const { record, line } of rowsOf(fileName, text)) {
      const where = `${fileName} line ${line}`;
      const row = parseRecord(definition.schema, record, definition.kind, where) as { id: string };
      if (seen.has(row.id)) {
        throw new ImportError(
          `${where}: ${definition.kind} "${row.id}": id is used twice in the file`,
        );
      }
      seen.add(row.id);
      mergeInto(set[definition.table] as Map<string, { id: string }>, row);
    }
  }
  if (set.services.size === 0) {
    throw new ImportError("No services: the files need a services.csv with at least one service");
  }
  applyCategories(set, categoryRows.attributes ?? [], categoryRows.terms ?? []);
  return set;
}

/** attributes.csv links a service (link_id) to a term of taxonomy_terms.csv (taxonomy_term_id). */
function applyCategories(
  set: ImportSet,
  attributes: { record: Record<string, string> }[],
  terms: { record: Record<string, string> }[],
) {
  const termsById = new Map(terms.map(({ record }) => [record.id?.trim(), record]));
  for (const { record } of attributes) {
    const service = set.services.get(record.link_id?.trim() ?? "");
    const term = termsById.get(record.taxonomy_term_id?.trim());
    if (!service || !term || service.category) continue;
    service.category = categoryOfTerm(term);
  }
}
