/** The start form's save step: the per-address limit, then the draft page and its e-mail. */
import type { PublicFormContext } from "#app/lib/form-actions.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import type { Toast } from "#app/lib/toast.server";
import { startFundraiser } from "./fundraisers.server";
import type { StartFundraiserInput } from "./schemas.server";

/** Pages one address may start an hour, besides the form's limit per client. */
const PER_ADDRESS = { points: 3, durationSeconds: 3600 };

export async function startFundraiserPage(
  value: StartFundraiserInput,
  { locale, t }: PublicFormContext,
): Promise<Omit<Toast, "id"> | undefined> {
  const wait = await consumeRateLimit("fundraise:email", value.email, PER_ADDRESS);
  if (wait !== null) {
    return {
      type: "error",
      title: t("forms.tooMany", { minutes: Math.ceil(wait / 60) }),
    };
  }
  await startFundraiser(value, locale);
  return undefined;
}
