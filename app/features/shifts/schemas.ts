/**
 * The shift sign-up form's schema for a locale: the browser checks it through Conform and the
 * server again with the request's locale (docs/decisions/113-validation-in-the-visitors-language.md).
 */
import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import { emailAddress, phoneNumber, requiredLine } from "#app/lib/form-fields";
import { limits } from "#app/lib/limits";

/** A ticked box posts "on"; anything else, or nothing, is refused with `message`. */
const ticked = (message: string) =>
  z.literal("on", { error: message }).transform(() => true as const);

export const signupSchema = (t: TFunction) =>
  z.object({
    name: requiredLine(t, t("validation.name"), limits.name),
    email: emailAddress(t),
    phone: phoneNumber(t),
    adult: ticked(t("volunteerShifts.adultMissing")),
    acknowledged: ticked(t("volunteerShifts.acknowledgeMissing")),
  });

export type SignupFormInput = z.output<ReturnType<typeof signupSchema>>;
