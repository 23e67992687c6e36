/**
 * /giving/sign-in?token=: the page a sign-in link opens. Its GET only shows "Continue" (a mail
 * scanner that follows the link signs no one in and uses nothing up); the POST signs in, once
 * (docs/decisions/285-donor-sign-in.md).
 */
import { data, Form, Link } from "react-router";
import { SubmitButton } from "#app/components/forms";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { checkSignInLink, givingPath, signInWithLink } from "../sign-in.server";
import type { Route } from "./+types/continue";

export const handle = { messages: ["forms", "giving", "meta"] } satisfies PageMessagesHandle;

const PROBLEM_KEYS = {
  invalid: "giving.linkInvalid",
  used: "giving.linkUsed",
  expired: "giving.linkExpired",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = await checkSignInLink(token);
  const messages = pageMessages(request, handle);
  if ("problem" in check) return data({ token: null, problem: check.problem, messages }, 400);
  return { token, problem: null, messages };
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const token = (await readForm(request)).get("token");
  const result = await signInWithLink(typeof token === "string" ? token : null);
  if ("problem" in result) return data({ problem: result.problem }, { status: 400 });
  return redirectWithToast(
    givingPath(locale, "/giving"),
    { type: "success", title: t("giving.signedInTitle") },
    { headers: { "Set-Cookie": result.cookie } },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.giving.title"), noindex: true }));
}

export default function ContinuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const problem = actionData?.problem ?? loaderData.problem;
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("giving.continueHeading")}</h1>
      {problem ? (
        <>
          <p role="alert" className="mt-4 text-lg">
            {t(PROBLEM_KEYS[problem])}
          </p>
          <p className="mt-6">
            <Link to={href("/create-account")} className="btn btn-primary">
              {t("giving.askAgain")}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-lg">{t("giving.continueText")}</p>
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <SubmitButton className="btn btn-primary">{t("giving.continue")}</SubmitButton>
        </Form>
      )}
    </main>
  );
}
