/**
 * What the staff Services tab sends to save a service (docs/decisions/170-the-finder-page.md): one location, its phones, and
 * weekly openings (several a day, overnight when closesAt <= opensAt, temporary with dates), with
 * the Spanish texts beside the English ones. Validated on the server by saveService
 * (app/features/services/staff.server.ts). Field names suit conform's nested names:
 * `openings[0].opensAt`, `phones[1].number`.
 */
import { z } from "zod";
import { serviceCategories } from "#app/db/schema/services";

export const weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof weekdays)[number];

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(max).optional(),
  );
const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Use a time like 07:30 or 19:00");
const day = z.iso.date({ message: "Use a date like 2026-12-24" });

export const openingInputSchema = z
  .object({
    days: z.array(z.enum(weekdays)).min(1, "Choose at least one day"),
    opensAt: time,
    /** Earlier than or equal to opensAt: closes the next day (overnight). */
    closesAt: time,
    validFrom: day.optional(),
    validTo: day.optional(),
  })
  .refine((o) => !o.validFrom || !o.validTo || o.validFrom <= o.validTo, {
    message: "The last day comes before the first day",
    path: ["validTo"],
  });

export const phoneInputSchema = z.object({
  number: z.string().trim().min(3, "Enter a phone number").max(40),
  /** voice, text or hotline (HSDS phone types, hotline added by the finder). */
  type: z.enum(["voice", "text", "hotline"]).default("voice"),
  description: optionalText(200),
});

export const serviceInputSchema = z.object({
  /** Absent for a new service. */
  id: optionalText(100),
  name: z.string().trim().min(1, "Name is required").max(200),
  nameEs: optionalText(200),
  description: z.string().trim().min(1, "Description is required").max(4000),
  descriptionEs: optionalText(4000),
  eligibilityDescription: optionalText(2000),
  eligibilityDescriptionEs: optionalText(2000),
  category: z.enum(serviceCategories),
  organizationName: z.string().trim().min(1, "Organization is required").max(200),
  url: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .url({ protocol: /^https?$/, message: "Enter a web address starting with https://" })
      .optional(),
  ),
  email: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.email("Enter an e-mail address").optional(),
  ),
  feesDescription: optionalText(1000),
  /** ISO 639-1 codes: "en", "es", "vi". */
  languages: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}$/, "Use a language code like es"),
    )
    .default([]),
  location: z.object({
    name: optionalText(200),
    address1: z.string().trim().min(1, "Street address is required").max(200),
    address2: optionalText(200),
    city: z.string().trim().min(1).max(100).default("Houston"),
    stateProvince: z.string().trim().min(2).max(50).default("TX"),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, "Use a ZIP code like 77002"),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    accessibility: optionalText(1000),
  }),
  phones: z.array(phoneInputSchema).max(10).default([]),
  openings: z.array(openingInputSchema).max(50).default([]),
  /** Shown when there are no openings, or beside them: "Call ahead", "Holidays closed". */
  hoursNote: optionalText(500),
});

export type ServiceInput = z.infer<typeof serviceInputSchema>;
export type OpeningInput = z.infer<typeof openingInputSchema>;
