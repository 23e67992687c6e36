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
import { signupIdFromManageToken } from "../links.server";
import { cancelSignup } from "../places.server";
import { signupView } from "../signup-view.server";
import type { Route } from "./+types/manage";

export const handle = {
  messages: ["meta", "volunteerShifts"],
} satisfies PageMessagesHandle;

/**
 * /volunteer/signup?token=: the link in a volunteer's e-mails. Opening it changes nothing (mail
 * scanners open links); its button cancels that sign-up, and a change is a cancellation and a
 * new sign-up (docs/decisions/239-volunteer-links.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const id = signupIdFromManageToken(token);
  const view = id ? await signupView(id, localeFromRequest(request)) : null;
  const messages = pageMessages(request, handle);
  return data({ view, token: view ? token : null, messages }, { status: view ? 200 : 404 });
}

const CANCEL_MESSAGES = {
  "not-live": "volunteerShifts.notLive",
  started: "volunteerShifts.started",
  "not-found": "volunteerShifts.badLink",
} as const;

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const token = (await readForm(request)).get("token");
  const text = typeof token === "string" ? token : null;
  const id = signupIdFromManageToken(text);
  if (!id) return data({ error: t("volunteerShifts.badLink") }, { status: 404 });
  const back = localizePath(`/volunteer/signup?token=${encodeURIComponent(text ?? "")}`, locale);
  const result = await cancelSignup(id);
  if (result !== "cancelled") {
    return redirectWithToast(back, { type: "error", title: t(CANCEL_MESSAGES[result]) });
  }
  return redirectWithToast(back, {
    type: "success",
    title: t("volunteerShifts.cancelledTitle"),
    description: t("volunteerShifts.cancelledDescription"),
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("volunteerShifts.manageTitle"), noindex: true }));
}

const STATUS_TEXT = {
  seated: "volunteerShifts.statusSeated",
  waiting: "volunteerShifts.statusWaiting",
  cancelled: "volunteerShifts.statusCancelled",
  expired: "volunteerShifts.statusExpired",
} as const;

export default function ManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const { view, token } = loaderData;
  const live = view && ["seated", "waiting", "offered"].includes(view.status);
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <h1 className="text-4xl font-bold">{t("volunteerShifts.manageTitle")}</h1>
      {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
      {view ? (
        <>
          <h2 className="text-2xl font-semibold">{view.title}</h2>
          <ShiftFacts when={view.when} place={view.place} notes={view.notes} />
          <p role="status" className="font-semibold">
            {view.shiftCancelled
              ? t("volunteerShifts.mail.shiftCancelledBody")
              : view.status === "offered"
                ? t("volunteerShifts.statusOffered", { until: view.offerUntil ?? "" })
                : t(STATUS_TEXT[view.status as keyof typeof STATUS_TEXT] ?? STATUS_TEXT.cancelled)}
          </p>
          {live && !view.shiftCancelled && !view.started ? (
            <>
              <Form method="post">
                <input type="hidden" name="token" value={token ?? ""} />
                <button type="submit" className="btn btn-outline">
                  {t("volunteerShifts.cancel")}
                </button>
              </Form>
              <p>
                {t("volunteerShifts.change")}{" "}
                <a
                  href={href(`/volunteer?opportunity=${view.opportunity}#signup`)}
                  className="link"
                >
                  {t("volunteerShifts.changeLink")}
                </a>
              </p>
            </>
          ) : null}
        </>
      ) : (
        <p>{t("volunteerShifts.badLink")}</p>
      )}
    </main>
  );
}
