/**
 * Zod rules for the fields public forms share, in the page's language
 * (docs/decisions/021-public-form-input-rules.md): the forms feature's schemas and the
 * fundraisers' start form and the shift sign-up build on them.
 */
import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import { limits } from "./limits";

export const tooLong = (t: TFunction, max: number) => t("validation.tooLong", { max });

/**
 * A required, trimmed single line of text. Conform turns an empty field into `undefined`. Line
 * breaks and other control characters are refused: these values also go into e-mail subjects.
 */
export function requiredLine(t: TFunction, missing: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, tooLong(t, max))
    .regex(/^\P{Cc}*$/u, t("validation.singleLine"));
}

/** Trimmed and lower-cased so the same address is always stored the same way. */
export function emailAddress(t: TFunction) {
  return z
    .string({ error: t("validation.email") })
    .trim()
    .max(limits.email, tooLong(t, limits.email))
    .toLowerCase()
    .pipe(z.email(t("validation.emailInvalid")));
}

/** An optional phone number: digits, spaces and ( ) . - +. */
export function phoneNumber(t: TFunction) {
  return z
    .string()
    .trim()
    .max(limits.phone, tooLong(t, limits.phone))
    .regex(/^\+?[0-9().\-\s]*$/, t("validation.phone"))
    .optional();
}
