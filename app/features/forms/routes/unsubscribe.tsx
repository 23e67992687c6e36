import { data, Form, Link, useNavigation } from "react-router";
import { findSubscriptionByToken, unsubscribeByToken } from "#app/features/forms/newsletter.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/unsubscribe";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["meta", "unsubscribe"],
} satisfies PageMessagesHandle;

export function meta(args: Route.MetaArgs) {
  // Personal links from e-mails: kept out of search engines.
  return pageMeta(args, (t) => ({ title: t("meta.unsubscribe.title"), noindex: true }));
}

const invalid = () => data({ status: "invalid" as const }, { status: 400 });

/** The link in every newsletter e-mail: shows a confirmation button, changes nothing itself. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const subscription = await findSubscriptionByToken(token);
  const messages = pageMessages(request, handle);
  if (!subscription || !token)
    return data({ status: "invalid" as const, messages }, { status: 400 });
  return {
    status: subscription.unsubscribed ? ("already" as const) : ("confirm" as const),
    email: subscription.email,
    token,
    messages,
  };
}

/**
 * The confirmation button posts here with the token as a field; mail programs offering their own
 * unsubscribe button post `List-Unsubscribe=One-Click` to the e-mail's link itself (RFC 8058),
 * with the token in the query string.
 */
export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const field = (await readForm(request)).get("token");
  const token = typeof field === "string" ? field : new URL(request.url).searchParams.get("token");
  const email = await unsubscribeByToken(token);
  if (!email) return invalid();
  return { status: "done" as const, email };
}

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
