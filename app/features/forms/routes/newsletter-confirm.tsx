import { data, Form, Link } from "react-router";
import { confirmByToken, findSubscriptionToConfirm } from "#app/features/forms/newsletter.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/newsletter-confirm";

/**
 * The welcome mail's confirmation link (double opt-in,
 * docs/decisions/291-newsletter-subscribers-and-leaving.md): the page's button confirms; opening
 * the link changes nothing, so a mail scanner that follows it confirms no one.
 */
export const handle = {
  messages: ["meta", "newsletterConfirm"],
} satisfies PageMessagesHandle;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.newsletterConfirm.title"), noindex: true }));
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const subscription = await findSubscriptionToConfirm(token);
  const messages = pageMessages(request, handle);
  if (!subscription || !token)
    return data({ status: "invalid" as const, messages }, { status: 400 });
  return {
    status: subscription.confirmed ? ("done" as const) : ("confirm" as const),
    email: subscription.email,
    token,
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const field = (await readForm(request)).get("token");
  const email = await confirmByToken(typeof field === "string" ? field : null);
  if (!email) return data({ status: "invalid" as const }, { status: 400 });
  return { status: "done" as const, email };
}

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const state = actionData ?? loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-20">
      <h1 className="text-4xl font-bold">{t("newsletterConfirm.heading")}</h1>
      <div className="card mt-8" role={actionData ? "status" : undefined}>
        {state.status === "invalid" ? (
          <p className="text-lg font-semibold">{t("newsletterConfirm.invalid")}</p>
        ) : state.status === "done" ? (
          <>
            <p className="text-lg font-semibold">
              <RichMessage
                messageKey="newsletterConfirm.done"
                values={{ email: state.email }}
                components={{ strong: <strong /> }}
              />
            </p>
            <p className="mt-2">
              <Link to={href("/newsletter")} className="link">
                {t("newsletterConfirm.archive")}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="text-lg">
              <RichMessage
                messageKey="newsletterConfirm.confirm"
                values={{ email: state.email }}
                components={{ strong: <strong /> }}
              />
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="btn btn-primary">
                {t("newsletterConfirm.button")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
