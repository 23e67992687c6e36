import { Form, Link, useNavigation } from "react-router";
import { findSubscriptionByToken, unsubscribeByToken } from "#app/features/forms/newsletter.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { signedLinkAction, signedLinkLoader } from "../signed-link-page.server";
import type { Route } from "./+types/unsubscribe";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["meta", "unsubscribe"],
} satisfies PageMessagesHandle;

export function meta(args: Route.MetaArgs) {
  // Personal links from e-mails: kept out of search engines.
  return pageMeta(args, (t) => ({ title: t("meta.unsubscribe.title"), noindex: true }));
}

/** The link in every newsletter e-mail: shows a confirmation button, changes nothing itself. */
export const loader = ({ request }: Route.LoaderArgs) =>
  signedLinkLoader(request, handle, findSubscriptionByToken, "already");

export const action = ({ request }: Route.ActionArgs) =>
  signedLinkAction(request, unsubscribeByToken);

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const state = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";

  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-20">
      <h1 className="text-4xl font-bold">{t("unsubscribe.heading")}</h1>
      <div className="card mt-8" role={actionData ? "status" : undefined}>
        {state.status === "invalid" ? (
          <>
            <p className="text-lg font-semibold">{t("unsubscribe.invalid")}</p>
            <p className="mt-2">
              <RichMessage
                messageKey="unsubscribe.invalidHelp"
                components={{ a: <Link to={href("/contact")} className="link" /> }}
              />
            </p>
          </>
        ) : state.status === "done" || state.status === "already" ? (
          <>
            <p className="text-lg font-semibold">{t("unsubscribe.done")}</p>
            <p className="mt-2">
              <RichMessage
                messageKey="unsubscribe.doneHelp"
                values={{ email: state.email }}
                components={{
                  strong: <strong />,
                  a: <Link to={href("/home")} className="link" />,
                }}
              />
            </p>
          </>
        ) : (
          <>
            <p className="text-lg">
              <RichMessage
                messageKey="unsubscribe.confirm"
                values={{ email: state.email }}
                components={{ strong: <strong /> }}
              />
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="btn btn-primary" disabled={submitting}>
                {t("unsubscribe.button")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
