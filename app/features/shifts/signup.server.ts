/** The sign-up form's save step: the per-address limit, then the seat or the waitlist. */
import type { PublicFormContext } from "#app/lib/form-actions.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import type { Toast } from "#app/lib/toast.server";
import type { SignupFormInput } from "./schemas";
import { signUp } from "./seats.server";

/** Sign-ups one address may make an hour, besides the form's limit per client. */
const PER_ADDRESS = { points: 5, durationSeconds: 3600 };

export async function signUpFromForm(
  shiftId: string,
  value: SignupFormInput,
  { locale, t }: PublicFormContext,
): Promise<Omit<Toast, "id">> {
  const wait = await consumeRateLimit("shift-signup:email", value.email, PER_ADDRESS);
  if (wait !== null) {
    return {
      type: "error",
      title: t("volunteerShifts.tooMany", { minutes: Math.ceil(wait / 60) }),
    };
  }
  const result = await signUp(shiftId, value, locale);
  switch (result.outcome) {
    case "seated":
      return {
        type: "success",
        title: t("volunteerShifts.seatedTitle"),
        description: t("volunteerShifts.seatedDescription", { email: value.email }),
      };
    case "waiting":
      return {
        type: "success",
        title: t("volunteerShifts.waitingTitle"),
        description: t("volunteerShifts.waitingDescription", {
          email: value.email,
          place: result.place,
        }),
      };
    case "already":
      return {
        type: "error",
        title: t("volunteerShifts.alreadyTitle"),
        description: t("volunteerShifts.alreadyDescription"),
      };
    case "waitlist-full":
      return { type: "error", title: t("volunteerShifts.waitlistFullTitle") };
    default:
      return { type: "error", title: t("volunteerShifts.closedTitle") };
  }
}
