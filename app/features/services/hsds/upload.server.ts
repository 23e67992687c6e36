/**
 * Imports HSDS files, all or nothing (docs/decisions/162-hsds-import.md): one JSON file (a list of
 * services, an API page, or one service) or a set of tabular CSV files. Used by the Services
 * tab's upload (importServiceFiles) and by `npm run services:import` (importServiceTexts).
 */
import { logger } from "#app/lib/logger.server";
import { importSetFromCsv, isTabularFile, tableOfFile } from "./from-csv";
import { importSetFromJson } from "./from-json";
import { ImportError, type ImportSet } from "./import-set";
import { type ImportSummary, writeImportSet } from "./write.server";

export type { ImportSummary };

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; message: string };

/** Larger than any city's directory; a bigger upload is refused before it is read. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const ALL_TABLES: (keyof ImportSet)[] = [
  "organizations",
  "services",
  "locations",
  "addresses",
  "accessibility",
  "serviceAtLocations",
  "phones",
  "schedules",
  "languages",
];

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ImportError(`${name}: not valid JSON (${(error as Error).message})`);
  }
}

/** `files`: file name to its text. */
export async function importServiceTexts(files: Map<string, string>): Promise<ImportOutcome> {
  try {
    const names = [...files.keys()];
    const json = names.filter((name) => name.toLowerCase().endsWith(".json"));
    const csv = names.filter(isTabularFile);
    if (json.length > 1 || (json.length === 1 && csv.length > 0)) {
      throw new ImportError("Give one JSON file, or the CSV files of one tabular set, not both");
    }
    if (json.length === 1) {
      const set = importSetFromJson(parseJson(json[0], files.get(json[0]) ?? ""), json[0]);
      return { ok: true, summary: await writeImportSet(set, new Set(ALL_TABLES)) };
    }
    if (csv.length === 0) {
      throw new ImportError(
        "No HSDS file: give a .json file, or the tabular .csv files (services.csv, organizations.csv, locations.csv, service_at_locations.csv, addresses.csv, phones.csv, schedules.csv, languages.csv)",
      );
    }
    const tabular = new Map(csv.map((name) => [name, files.get(name) ?? ""]));
    const present = new Set(csv.flatMap((name) => tableOfFile(name) ?? []));
    return { ok: true, summary: await writeImportSet(importSetFromCsv(tabular), present) };
  } catch (error) {
    if (error instanceof ImportError) {
      return { ok: false, message: `Nothing was imported. ${error.message}` };
    }
    logger.error({ err: error }, "services import failed");
    // Drizzle wraps the database's own words (with the whole query) in `cause`.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const detail = cause instanceof Error ? cause.message : String(cause);
    return {
      ok: false,
      message: `Nothing was imported: the database refused the file (${detail})`,
    };
  }
}

/** The Services tab's upload: the files as the browser sent them. */
export async function importServiceFiles(files: File[]): Promise<ImportOutcome> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length === 0 || total === 0)
    return { ok: false, message: "Choose an HSDS file to import" };
  if (total > MAX_IMPORT_BYTES) {
    return { ok: false, message: "Nothing was imported: the files are larger than 50 MB together" };
  }
  const texts = new Map<string, string>();
  for (const file of files) texts.set(file.name, await file.text());
  return importServiceTexts(texts);
}
