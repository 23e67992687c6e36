/**
 * The Services tab's form as plain strings, row by row (docs/decisions/175-services-tab.md): what
 * the page shows, what a refused post shows back, and how it becomes the input S's saveService
 * validates (app/features/services/service-input.ts). Blank phone and opening rows are how a form
 * without JavaScript offers "add another": they are dropped before saving, and errors are mapped
 * back to the row the person typed in. Pure, so the browser and the tests share it.
 */
import type { ServiceInput } from "../service-input";

export const TEXT_FIELDS = [
  "name",
  "nameEs",
  "description",
  "descriptionEs",
  "eligibilityDescription",
  "eligibilityDescriptionEs",
  "category",
  "organizationName",
  "url",
  "email",
  "feesDescription",
  "hoursNote",
] as const;
export const LOCATION_FIELDS = [
  "name",
  "address1",
  "address2",
  "city",
  "stateProvince",
  "postalCode",
  "latitude",
  "longitude",
  "accessibility",
] as const;
/** Empty fields the schema must see as "" to say "... is required". */
const REQUIRED = new Set(["name", "description", "category", "organizationName", "address1"]);
const REQUIRED_LOCATION = new Set(["address1", "city", "stateProvince", "postalCode"]);

/** RFC 5545 day codes, as service-input.ts's `weekdays` (kept apart: that module brings Zod). */
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

export const MAX_PHONES = 10;
export const MAX_OPENINGS = 50;

export interface PhoneRow {
  number: string;
  type: string;
  description: string;
}
export interface OpeningRow {
  days: string[];
  opensAt: string;
  closesAt: string;
  validFrom: string;
  validTo: string;
}
export interface ServiceFormValues {
  id: string;
  text: Record<(typeof TEXT_FIELDS)[number], string>;
  location: Record<(typeof LOCATION_FIELDS)[number], string>;
  /** Language codes separated by commas: "en, es". */
  languages: string;
  phones: PhoneRow[];
  openings: OpeningRow[];
}

const blankPhone = (): PhoneRow => ({ number: "", type: "voice", description: "" });
const blankOpening = (): OpeningRow => ({
  days: [],
  opensAt: "",
  closesAt: "",
  validFrom: "",
  validTo: "",
});
const isBlankPhone = (row: PhoneRow) => !row.number.trim() && !row.description.trim();
const isBlankOpening = (row: OpeningRow) =>
  row.days.length === 0 && !`${row.opensAt}${row.closesAt}${row.validFrom}${row.validTo}`.trim();

/** The rows the form shows: the filled ones and a few blank ones to fill (within the limits). */
export function withBlankRows(values: ServiceFormValues): ServiceFormValues {
  const phones = values.phones.filter((row) => !isBlankPhone(row));
  const openings = values.openings.filter((row) => !isBlankOpening(row));
  const phoneTarget = Math.min(MAX_PHONES, Math.max(3, phones.length + 2));
  const openingTarget = Math.min(MAX_OPENINGS, Math.max(4, openings.length + 3));
  while (phones.length < phoneTarget) phones.push(blankPhone());
  while (openings.length < openingTarget) openings.push(blankOpening());
  return { ...values, phones, openings };
}

/** A new service's form: Houston, TX, and nothing else. */
export function emptyServiceForm(): ServiceFormValues {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((name) => [name, ""]),
  ) as ServiceFormValues["text"];
  const location = Object.fromEntries(
    LOCATION_FIELDS.map((name) => [name, ""]),
  ) as ServiceFormValues["location"];
  return withBlankRows({
    id: "",
    text: { ...text, category: "shelter" },
    location: { ...location, city: "Houston", stateProvince: "TX" },
    languages: "",
    phones: [],
    openings: [],
  });
}

/** A stored service (S's getServiceForEditing) as the form shows it. */
export function formFromInput(input: ServiceInput): ServiceFormValues {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((name) => [name, String(input[name] ?? "")]),
  ) as ServiceFormValues["text"];
  const location = Object.fromEntries(
    LOCATION_FIELDS.map((name) => [name, String(input.location[name] ?? "")]),
  ) as ServiceFormValues["location"];
  return withBlankRows({
    id: input.id ?? "",
    text,
    location,
    languages: input.languages.join(", "),
    phones: input.phones.map((phone) => ({
      number: phone.number,
      type: phone.type,
      description: phone.description ?? "",
    })),
    openings: input.openings.map((opening) => ({
      days: [...opening.days],
      opensAt: opening.opensAt.slice(0, 5),
      closesAt: opening.closesAt.slice(0, 5),
      validFrom: opening.validFrom ?? "",
      validTo: opening.validTo ?? "",
    })),
  });
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The posted form, every row as sent (at most the limits). */
export function readServiceForm(form: FormData): ServiceFormValues {
  const phones: PhoneRow[] = [];
  for (let i = 0; i < MAX_PHONES && form.has(`phones[${i}].number`); i++) {
    phones.push({
      number: text(form, `phones[${i}].number`),
      type: text(form, `phones[${i}].type`) || "voice",
      description: text(form, `phones[${i}].description`),
    });
  }
  const openings: OpeningRow[] = [];
  for (let i = 0; i < MAX_OPENINGS && form.has(`openings[${i}].opensAt`); i++) {
    openings.push({
      days: form
        .getAll(`openings[${i}].days`)
        .filter((day): day is string => typeof day === "string" && day !== ""),
      opensAt: text(form, `openings[${i}].opensAt`),
      closesAt: text(form, `openings[${i}].closesAt`),
      validFrom: text(form, `openings[${i}].validFrom`),
      validTo: text(form, `openings[${i}].validTo`),
    });
  }
  return {
    id: text(form, "id"),
    text: Object.fromEntries(
      TEXT_FIELDS.map((name) => [name, text(form, name)]),
    ) as ServiceFormValues["text"],
    location: Object.fromEntries(
      LOCATION_FIELDS.map((name) => [name, text(form, `location.${name}`)]),
    ) as ServiceFormValues["location"],
    languages: text(form, "languages"),
    phones,
    openings,
  };
}

/** Blank means absent, except where the schema should say the field is required. */
function present(value: string, required: boolean): string | undefined {
  return value.trim() === "" && !required ? undefined : value;
}

/**
 * The input saveService validates, and for each kept row the form row it came from (to put an
 * error back beside the right row).
 */
export function inputFromForm(values: ServiceFormValues) {
  const phoneRows = values.phones.flatMap((row, index) => (isBlankPhone(row) ? [] : [index]));
  const openingRows = values.openings.flatMap((row, index) => (isBlankOpening(row) ? [] : [index]));
  const input = {
    id: present(values.id, false),
    ...Object.fromEntries(
      TEXT_FIELDS.map((name) => [name, present(values.text[name], REQUIRED.has(name))]),
    ),
    languages: values.languages
      .split(/[,\s]+/)
      .map((code) => code.trim().toLowerCase())
      .filter(Boolean),
    location: Object.fromEntries(
      LOCATION_FIELDS.map((name) => [
        name,
        present(values.location[name], REQUIRED_LOCATION.has(name)),
      ]),
    ),
    phones: phoneRows.map((index) => {
      const row = values.phones[index];
      return { number: row.number, type: row.type, description: present(row.description, false) };
    }),
    openings: openingRows.map((index) => {
      const row = values.openings[index];
      return {
        days: row.days,
        opensAt: row.opensAt,
        closesAt: row.closesAt,
        validFrom: present(row.validFrom, false),
        validTo: present(row.validTo, false),
      };
    }),
  };
  return { input, phoneRows, openingRows };
}

/**
 * saveService's errors keyed by the form's field names: "openings.1.opensAt" or
 * "openings[1].opensAt" of the saved rows becomes "openings[<form row>].opensAt"; "form" becomes "".
 */
export function formErrors(
  errors: Record<string, string[]>,
  rows: { phoneRows: number[]; openingRows: number[] },
): Record<string, string[]> {
  const mapped: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    // "form" (or nothing) is about the whole service: the form's summary shows it.
    const name = (key === "form" ? "" : key).replace(
      /^(phones|openings)(?:\.(\d+)|\[(\d+)\])/,
      (_match, list: string, dotted?: string, bracketed?: string) => {
        const saved = Number(dotted ?? bracketed);
        const formRow = (list === "phones" ? rows.phoneRows : rows.openingRows)[saved] ?? saved;
        return `${list}[${formRow}]`;
      },
    );
    mapped[name] = [...(mapped[name] ?? []), ...messages];
  }
  return mapped;
}
