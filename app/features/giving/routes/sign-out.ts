import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { currentDonor, givingPath, signOut } from "../sign-in.server";
import type { Route } from "./+types/sign-out";

/** /giving/sign-out (POST): ends this browser's donor session, or all of them ("everywhere"). */
export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const everywhere = (await readForm(request)).get("everywhere") === "1";
  const donor = await currentDonor(request);
  const headers = donor ? { "Set-Cookie": await signOut(donor, everywhere) } : undefined;
  return redirectWithToast(
    givingPath(locale),
    {
      type: "success",
      title: t("giving.signedOutTitle"),
      description: t("giving.signedOutDescription"),
    },
    { headers },
  );
}
