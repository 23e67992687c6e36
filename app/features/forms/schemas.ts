/**
 * Zod schemas of every public form, built for one locale: the browser validates with them through
 * Conform and the server validates the same data again with the request's locale, so the messages
 * are the same on both sides and in the visitor's language
 * (docs/decisions/113-validation-in-the-visitors-language.md).
 */
import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import type { SchemaFactory } from "#app/lib/forms.server";
import { limits } from "#app/lib/limits";
import { volunteerOpportunities } from "./volunteer-opportunities";

export type { SchemaFactory };

const tooLong = (t: TFunction, max: number) => t("validation.tooLong", { max });

/**
 * A required, trimmed single line of text. Conform turns an empty field into `undefined`. Line
 * breaks and other control characters are refused: these values also go into e-mail subjects.
 */
function requiredLine(t: TFunction, missing: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, tooLong(t, max))
    .regex(/^\P{Cc}*$/u, t("validation.singleLine"));
}

/** Trimmed and lower-cased so the same address is always stored the same way
 * (docs/decisions/021-public-form-input-rules.md).
 */
function email(t: TFunction) {
  return z
    .string({ error: t("validation.email") })
    .trim()
    .max(limits.email, tooLong(t, limits.email))
    .toLowerCase()
    .pipe(z.email(t("validation.emailInvalid")));
}

function message(t: TFunction) {
  return z
    .string({ error: t("validation.message") })
    .trim()
    .min(1, t("validation.message"))
    .max(limits.message, tooLong(t, limits.message));
}

export const newsletterSchema = (t: TFunction) =>
  z.object({
    firstName: requiredLine(t, t("validation.firstName"), limits.name),
    email: email(t),
  });
export type NewsletterInput = z.output<ReturnType<typeof newsletterSchema>>;

export const contactSchema = (t: TFunction) =>
  z.object({
    name: requiredLine(t, t("validation.name"), limits.name),
    email: email(t),
    message: message(t),
  });
export type ContactInput = z.output<ReturnType<typeof contactSchema>>;

const opportunitySlugs = volunteerOpportunities.map((opportunity) => opportunity.slug) as [
  (typeof volunteerOpportunities)[number]["slug"],
  ...(typeof volunteerOpportunities)[number]["slug"][],
];

export const volunteerSchema = (t: TFunction) =>
  z.object({
    opportunity: z.enum(opportunitySlugs, { error: t("validation.opportunity") }),
    name: requiredLine(t, t("validation.name"), limits.name),
    email: email(t),
    phone: z
      .string()
      .trim()
      .max(limits.phone, tooLong(t, limits.phone))
      .regex(/^\+?[0-9().\-\s]*$/, t("validation.phone"))
      .optional(),
  });
export type VolunteerInput = z.output<ReturnType<typeof volunteerSchema>>;

export const partnershipSchema = (t: TFunction) =>
  z.object({
    name: requiredLine(t, t("validation.name"), limits.name),
    company: requiredLine(t, t("validation.company"), limits.company),
    email: email(t),
    message: message(t),
  });
export type PartnershipInput = z.output<ReturnType<typeof partnershipSchema>>;
