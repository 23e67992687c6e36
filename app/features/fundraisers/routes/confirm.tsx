import { data, Form } from "react-router";
import { confirmationState, confirmFundraiser } from "#app/features/fundraisers/fundraisers.server";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/confirm";

export const handle = {
  messages: ["fundraising", "meta"],
} satisfies PageMessagesHandle;

/**
 * /fundraise/confirm?token=: the link of the owner's confirmation e-mail. Opening it changes
 * nothing (mail scanners open links); its button confirms the page it names, and only that one
 * (docs/decisions/221-fundraisers.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const result = await confirmationState(token);
  const messages = pageMessages(request, handle);
  return data(
    { result, token: result.state === "confirm" ? token : null, messages },
    { status: result.state === "invalid" ? 404 : 200 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const token = (await readForm(request)).get("token");
  const text = typeof token === "string" ? token : null;
  if (!(await confirmFundraiser(text))) {
    const state = await confirmationState(text);
    if (state.state === "invalid") return data({ ok: false }, { status: 404 });
  }
  return redirectWithToast(
    localizePath(`/fundraise/confirm?token=${encodeURIComponent(text ?? "")}`, locale),
    { type: "success", title: t("fundraising.confirm.doneTitle") },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("fundraising.confirm.title"), noindex: true }));
}

export default function ConfirmPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { result, token } = loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-4 px-4 py-12">
      <h1 className="text-4xl font-bold">{t("fundraising.confirm.title")}</h1>
      {result.state === "invalid" ? <p>{t("fundraising.confirm.invalid")}</p> : null}
      {result.state === "confirm" ? (
        <>
          <p>{t("fundraising.confirm.ask", { title: result.title })}</p>
          <Form method="post">
            <input type="hidden" name="token" value={token ?? ""} />
            <button type="submit" className="btn btn-primary">
              {t("fundraising.confirm.button")}
            </button>
          </Form>
        </>
      ) : null}
      {result.state === "confirmed" ? (
        <p role="status">{t("fundraising.confirm.pending", { title: result.title })}</p>
      ) : null}
      {result.state === "other" ? (
        <p>{t("fundraising.confirm.already", { title: result.title })}</p>
      ) : null}
    </main>
  );
}
