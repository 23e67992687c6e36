/**
 * Zod schemas of every public form, built for one locale: the browser validates with them through
 * Conform and the server validates the same data again with the request's locale, so the messages
 * are the same on both sides and in the visitor's language
 * (docs/decisions/113-validation-in-the-visitors-language.md).
 */
import { z } from "zod";
import { volunteerOpportunities } from "#app/features/shifts/index";
import type { TFunction } from "#app/i18n/translator";
import type { SchemaFactory } from "#app/lib/form-actions.server";
import { emailAddress as email, phoneNumber, requiredLine, tooLong } from "#app/lib/form-fields";
import { limits } from "#app/lib/limits";

export type { SchemaFactory };

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
    phone: phoneNumber(t),
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
