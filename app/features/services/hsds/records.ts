/**
 * The HSDS 3.0 records an import reads, in their tabular (flat) form, validated with Zod
 * (docs/decisions/162-hsds-import.md). The JSON form (hsds/from-json.ts) and the CSV form
 * (hsds/from-csv.ts) both end here. Fields the finder does not store are ignored; a value of the
 * wrong shape refuses the whole file, naming the record and the field.
 */
import { z } from "zod";

/** CSV cells are text: an empty cell, like a JSON null, is no value. */
const blank = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "")
    ? undefined
    : value;

const text = (max = 10_000) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : blank(value)),
    z.string().trim().max(max).optional(),
  );
const requiredText = (max = 10_000) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z.string({ error: "is missing" }).trim().min(1, "is empty").max(max),
  );
const integer = z.preprocess(
  (value) =>
    typeof value === "string"
      ? blank(value) === undefined
        ? undefined
        : Number(value)
      : blank(value),
  z.number({ error: "is not a number" }).int("is not a whole number").optional(),
);
const decimal = z.preprocess(
  (value) =>
    typeof value === "string"
      ? blank(value) === undefined
        ? undefined
        : Number(value)
      : blank(value),
  z.number({ error: "is not a number" }).finite().optional(),
);
const day = z.preprocess(
  blank,
  z
    .string({ error: "is not a date" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "is not a date (YYYY-MM-DD)")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "is not a real date")
    .optional(),
);
const timeOfDay = z.preprocess(
  blank,
  z
    .string({ error: "is not a time" })
    .trim()
    .regex(/^([01]\d|2[0-4]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/, "is not a time (HH:MM:SS)")
    .optional(),
);
const webAddress = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value), "is not a URL")
    .optional(),
);
const email = z.preprocess(
  blank,
  z.string().trim().max(320).pipe(z.email("is not an e-mail address")).optional(),
);
/** HSDS ids are UUIDs; other identifiers are kept as they are, within reason. */
export const hsdsIdSchema = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z
    .string({ error: "is missing" })
    .trim()
    .min(1, "is empty")
    .max(200, "is longer than 200 characters")
    .regex(/^[^\s]+$/, "contains spaces"),
);
const reference = z.preprocess(blank, hsdsIdSchema.optional());

/**
 * A phone number as directories write it: the specification's own example wraps it in quotes
 * ("\"+44 1234 234567\""); those and surrounding spaces go.
 */
const phoneNumber = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .trim()
          .replace(/^["'“”‘’]+|["'“”‘’]+$/g, "")
          .trim()
      : value,
  z.string({ error: "is missing" }).min(1, "is empty").max(60).regex(/\d/, "has no digits"),
);

export const organizationRecord = z.object({
  id: hsdsIdSchema,
  name: requiredText(500),
  alternate_name: text(500),
  description: text(),
  email,
  website: webAddress,
  tax_status: text(200),
  tax_id: text(200),
  year_incorporated: integer,
  legal_status: text(200),
  logo: webAddress,
  uri: webAddress,
  parent_organization_id: reference,
});

const serviceStatuses = ["active", "inactive", "defunct", "temporarily closed"] as const;

export const serviceRecord = z.object({
  id: hsdsIdSchema,
  organization_id: reference,
  program_id: reference,
  name: requiredText(500),
  alternate_name: text(500),
  description: text(),
  url: webAddress,
  email,
  status: z.preprocess(
    (value) => (typeof value === "string" ? blank(value.toLowerCase()) : blank(value)),
    z
      .enum(serviceStatuses, { error: `is not one of ${serviceStatuses.join(", ")}` })
      .default("active"),
  ),
  interpretation_services: text(),
  application_process: text(),
  fees_description: text(),
  eligibility_description: text(),
  minimum_age: decimal,
  maximum_age: decimal,
  assured_date: day,
  assurer_email: email,
  accreditations: text(),
  licenses: text(),
  alert: text(),
});

export const locationRecord = z.object({
  id: hsdsIdSchema,
  organization_id: reference,
  location_type: z.preprocess(
    (value) => (typeof value === "string" ? blank(value.toLowerCase()) : blank(value)),
    z
      .enum(["physical", "postal", "virtual"], { error: "is not physical, postal or virtual" })
      .default("physical"),
  ),
  url: webAddress,
  name: text(500),
  alternate_name: text(500),
  description: text(),
  transportation: text(),
  latitude: decimal,
  longitude: decimal,
  external_identifier: text(500),
  external_identifier_type: text(200),
});

export const addressRecord = z.object({
  id: hsdsIdSchema,
  location_id: reference,
  attention: text(500),
  address_1: requiredText(500),
  address_2: text(500),
  city: text(200),
  region: text(200),
  state_province: text(200),
  postal_code: text(50),
  country: text(100),
  address_type: z.preprocess(
    (value) => (typeof value === "string" ? blank(value.toLowerCase()) : blank(value)),
    z
      .enum(["physical", "postal", "virtual"], { error: "is not physical, postal or virtual" })
      .default("physical"),
  ),
});

export const accessibilityRecord = z.object({
  id: hsdsIdSchema,
  location_id: reference,
  description: text(),
  details: text(),
  url: webAddress,
});

export const serviceAtLocationRecord = z.object({
  id: hsdsIdSchema,
  service_id: reference,
  location_id: reference,
  description: text(),
});

export const phoneRecord = z.object({
  id: hsdsIdSchema,
  location_id: reference,
  service_id: reference,
  organization_id: reference,
  contact_id: reference,
  service_at_location_id: reference,
  number: phoneNumber,
  extension: integer,
  type: text(50),
  description: text(),
});

export const scheduleRecord = z.object({
  id: hsdsIdSchema,
  service_id: reference,
  location_id: reference,
  service_at_location_id: reference,
  valid_from: day,
  valid_to: day,
  dtstart: day,
  timezone: decimal,
  until: day,
  count: integer,
  wkst: text(10),
  freq: z.preprocess(
    (value) => (typeof value === "string" ? blank(value.toUpperCase()) : blank(value)),
    z.string().trim().max(20).optional(),
  ),
  interval: integer,
  byday: text(200),
  byweekno: text(200),
  bymonthday: text(200),
  byyearday: text(200),
  description: text(),
  opens_at: timeOfDay,
  closes_at: timeOfDay,
  schedule_link: webAddress,
  attending_type: text(500),
  notes: text(),
});

export const languageRecord = z.object({
  id: hsdsIdSchema,
  service_id: reference,
  location_id: reference,
  phone_id: reference,
  name: text(200),
  code: text(20),
  note: text(),
});

export type OrganizationRecord = z.infer<typeof organizationRecord>;
export type ServiceRecord = z.infer<typeof serviceRecord> & {
  /** The finder's category when the file says (hsds/categories.ts); otherwise kept as stored. */
  category?: string;
  /** Parts of the HSDS service the finder does not model, kept as they came. */
  extra?: Record<string, unknown>;
};
export type LocationRecord = z.infer<typeof locationRecord>;
export type AddressRecord = z.infer<typeof addressRecord>;
export type AccessibilityRecord = z.infer<typeof accessibilityRecord>;
export type ServiceAtLocationRecord = z.infer<typeof serviceAtLocationRecord>;
export type PhoneRecord = z.infer<typeof phoneRecord>;
export type ScheduleRecord = z.infer<typeof scheduleRecord>;
export type LanguageRecord = z.infer<typeof languageRecord>;
