import { Form, Link } from "react-router";
import { confirmByToken, findSubscriptionToConfirm } from "#app/features/forms/newsletter.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { signedLinkAction, signedLinkLoader } from "../signed-link-page.server";
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

export const loader = ({ request }: Route.LoaderArgs) =>
  signedLinkLoader(request, handle, findSubscriptionToConfirm, "done");

export const action = ({ request }: Route.ActionArgs) => signedLinkAction(request, confirmByToken);

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
