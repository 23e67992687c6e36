/**
 * /create-account: "Your giving", where a donor asks for a sign-in link by e-mail
 * (docs/decisions/285-donor-sign-in.md). The answer is the same whether or not the address has
 * given; every receipt's "manage your gift" link leads here.
 */
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { Field, SubmitButton } from "#app/components/forms";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { clientKey } from "#app/lib/rate-limit.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { givingField } from "../components/field-state";
import { isKnownAddress } from "../overview.server";
import { currentDonor, givingPath, requestSignInLink } from "../sign-in.server";
import type { Route } from "./+types/sign-in-request";

export const handle = { messages: ["forms", "giving", "meta"] } satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  if (await currentDonor(request)) throw redirect(givingPath(locale, "/giving"));
  return { messages: pageMessages(request, handle) };
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const form = await readForm(request);
  const email = z
    .email()
    .max(254)
    .safeParse(String(form.get("email") ?? "").trim());
  if (!email.success) return data({ error: t("giving.emailInvalid") }, { status: 400 });
  const answer = await requestSignInLink(email.data, locale, clientKey(request), isKnownAddress);
  if ("waitSeconds" in answer) {
    return data(
      { error: t("giving.tooMany") },
      { status: 429, headers: { "Retry-After": String(answer.waitSeconds) } },
    );
  }
  return redirectWithToast(givingPath(locale), {
    type: "success",
    title: t("giving.linkSentTitle"),
    description: t("giving.linkSentDescription"),
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.giving.title"), description: t("giving.intro") }));
}

export default function SignInRequestPage({ actionData }: Route.ComponentProps) {
  const { t } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("giving.heading")}</h1>
      <p className="mt-4 text-lg">{t("giving.intro")}</p>
      <Form method="post" className="card mt-8 space-y-4">
        <Field
          label={t("giving.email")}
          field={givingField("email", undefined, actionData?.error)}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
        />
        <SubmitButton className="btn btn-primary">{t("giving.sendLink")}</SubmitButton>
      </Form>
    </main>
  );
}
