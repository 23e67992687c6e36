import { data, Form } from "react-router";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { ShiftFacts } from "../components/shift-facts";
import { managePath, offerFromClaimToken } from "../links.server";
import { claimOffer } from "../places.server";
import { signupView } from "../signup-view.server";
import type { Route } from "./+types/claim";

export const handle = {
  messages: ["meta", "volunteerShifts"],
} satisfies PageMessagesHandle;

/** Why a claim changed nothing, in the visitor's words. */
const REFUSALS = {
  "other-shift": "volunteerShifts.claim.other-shift",
  "already-claimed": "volunteerShifts.claim.already-claimed",
  expired: "volunteerShifts.claim.expired",
  superseded: "volunteerShifts.claim.superseded",
  "not-offered": "volunteerShifts.claim.not-offered",
  "not-found": "volunteerShifts.claim.not-found",
} as const;

/**
 * /volunteer/shifts/<id>/claim?token=: the link offering a freed seat. Opening it changes nothing;
 * its button claims the seat (docs/decisions/239-volunteer-links.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const offer = offerFromClaimToken(token);
  const locale = localeFromRequest(request);
  const view = offer ? await signupView(offer.signupId, locale) : null;
  const messages = pageMessages(request, handle);
  if (!offer || !view) return data({ view: null, token: null, messages }, { status: 404 });
  return { view: { ...view, otherShift: view.shiftId !== params.id }, token, messages };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const token = (await readForm(request)).get("token");
  const text = typeof token === "string" ? token : null;
  const offer = offerFromClaimToken(text);
  const back = localizePath(
    `/volunteer/shifts/${params.id}/claim?token=${encodeURIComponent(text ?? "")}`,
    locale,
  );
  if (!offer) return redirectWithToast(back, { type: "error", title: t(REFUSALS["not-found"]) });
  const result = await claimOffer(params.id, offer);
  if (result !== "claimed") {
    return redirectWithToast(back, { type: "error", title: t(REFUSALS[result]) });
  }
  return redirectWithToast(localizePath(managePath(offer.signupId), locale), {
    type: "success",
    title: t("volunteerShifts.claimedTitle"),
    description: t("volunteerShifts.claimedDescription"),
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("volunteerShifts.claimTitle"), noindex: true }));
}

export default function ClaimPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { view, token } = loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <h1 className="text-4xl font-bold">{t("volunteerShifts.claimTitle")}</h1>
      {view ? (
        <>
          <h2 className="text-2xl font-semibold">{view.title}</h2>
          <ShiftFacts when={view.when} place={view.place} notes={view.notes} />
          {view.otherShift ? (
            <p role="status">{t(REFUSALS["other-shift"])}</p>
          ) : view.status === "offered" ? (
            <>
              <p>{t("volunteerShifts.claimIntro", { until: view.offerUntil ?? "" })}</p>
              <Form method="post">
                <input type="hidden" name="token" value={token ?? ""} />
                <button type="submit" className="btn btn-primary">
                  {t("volunteerShifts.claimButton")}
                </button>
              </Form>
            </>
          ) : (
            <p role="status">
              {t(view.status === "seated" ? REFUSALS["already-claimed"] : REFUSALS.expired)}
            </p>
          )}
        </>
      ) : (
        <p>{t(REFUSALS["not-found"])}</p>
      )}
    </main>
  );
}
