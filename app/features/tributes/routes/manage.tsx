/**
 * /honor-giving/manage: the donor's own view of one dedication, opened from their gifts page
 * (/donate/manage, the link in every receipt) through a signed link
 * (docs/decisions/236-managing-a-dedication.md): corrections until the card goes, resends after.
 */
import { data, Form } from "react-router";
import { ErrorList, SubmitButton } from "#app/components/forms";
import { dedicationFromToken } from "#app/features/tributes/links.server";
import { MAX_RESENDS } from "#app/features/tributes/rules";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { DedicationFacts } from "../components/dedication-facts";
import { correctDedication, dedicationView, resendCard } from "../dedications.server";
import type { Route } from "./+types/manage";

export const handle = {
  messages: ["forms", "meta", "toast", "tribute"],
} satisfies PageMessagesHandle;

async function viewOf(token: string | null) {
  const id = dedicationFromToken(token);
  return id ? dedicationView(id) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const view = await viewOf(token);
  return {
    token,
    // What the donor gave; never their own e-mail, which this page does not need.
    view: view && {
      kind: view.kind,
      honoree: view.honoree,
      recipientName: view.recipientName,
      recipientEmail: view.recipientEmail,
      message: view.message,
      sendOn: view.sendOn,
      status: view.status,
      resendCount: view.resendCount,
      correctable: view.correctable,
      resendable: view.resendable,
    },
    messages: pageMessages(request, handle),
  };
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const formData = await readForm(request);
  const token = formData.get("token");
  const view = await viewOf(typeof token === "string" ? token : null);
  if (!view) throw data({ message: t("tribute.manage.invalid") }, { status: 404 });
  const wait = await consumeRateLimit("tribute:manage", `${clientKey(request)}:${view.id}`, {
    points: 20,
    durationSeconds: 3600,
  });
  if (wait !== null) {
    return data({ error: { "": [t("toast.error")] } }, { status: 429 });
  }
  const here = new URL(request.url);
  const back = `${here.pathname}?token=${encodeURIComponent(String(token))}`;
  if (formData.get("intent") === "resend") {
    const resent = await resendCard(view, "donor");
    return redirectWithToast(back, {
      type: resent ? "success" : "error",
      title: t(resent ? "tribute.manage.resent" : "tribute.manage.noResend"),
    });
  }
  const result = await correctDedication(view, formData, { actor: "donor", locale });
  if (!result.ok) return data({ error: result.fieldErrors }, { status: 400 });
  return redirectWithToast(back, { type: "success", title: t("tribute.manage.saved") });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("tribute.manage.title"), noindex: true }));
}

export default function ManageDedicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { view, token } = loaderData;
  const errors = (actionData as { error?: Record<string, string[]> } | undefined)?.error ?? {};
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <h1 className="text-4xl font-bold">{t("tribute.manage.title")}</h1>
      {!view ? (
        <p role="alert" className="text-lg">
          {t("tribute.manage.invalid")}
        </p>
      ) : (
        <>
          <DedicationFacts view={view} />
          <ErrorList id="dedication-errors" errors={errors[""]} />
          {view.correctable ? (
            <CorrectionForm view={view} token={token ?? ""} errors={errors} />
          ) : null}
          {view.resendable ? (
            <Form method="post" className="card space-y-3" aria-labelledby="resend-title">
              <h2 id="resend-title" className="text-2xl font-bold">
                {t("tribute.manage.resendTitle")}
              </h2>
              <p>{t("tribute.manage.resendText", { left: MAX_RESENDS - view.resendCount })}</p>
              <input type="hidden" name="token" value={token ?? ""} />
              <input type="hidden" name="intent" value="resend" />
              <SubmitButton className="btn btn-primary">{t("tribute.manage.resend")}</SubmitButton>
            </Form>
          ) : null}
        </>
      )}
    </main>
  );
}

type View = NonNullable<Route.ComponentProps["loaderData"]["view"]>;

function TextInput({
  name,
  label,
  value,
  errors,
  type = "text",
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  errors?: string[];
  type?: "text" | "date";
  maxLength?: number;
}) {
  const id = `dedication-${name}`;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        maxLength={maxLength}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className="field-input"
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

function CorrectionForm({
  view,
  token,
  errors,
}: {
  view: View;
  token: string;
  errors: Record<string, string[]>;
}) {
  const { t } = useLocale();
  const card = view.status !== null;
  return (
    <Form method="post" className="card space-y-4" aria-labelledby="correct-title">
      <h2 id="correct-title" className="text-2xl font-bold">
        {t("tribute.manage.correctTitle")}
      </h2>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value="correct" />
      <TextInput
        name="honoree"
        label={t("tribute.manage.honoree")}
        value={view.honoree}
        errors={errors.honoree}
        maxLength={100}
      />
      {card ? (
        <>
          <TextInput
            name="recipientName"
            label={t("tribute.manage.recipientName")}
            value={view.recipientName ?? ""}
            errors={errors.recipientName}
            maxLength={100}
          />
          <div className="field">
            <label htmlFor="dedication-message" className="field-label">
              {t("tribute.manage.message")}
            </label>
            <textarea
              id="dedication-message"
              name="message"
              rows={3}
              maxLength={500}
              defaultValue={view.message ?? ""}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? "dedication-message-error" : undefined}
              className="field-input"
            />
            <ErrorList id="dedication-message-error" errors={errors.message} />
          </div>
          <TextInput
            name="sendOn"
            type="date"
            label={t("tribute.manage.sendOnField")}
            value={view.sendOn ?? ""}
            errors={errors.sendOn}
          />
        </>
      ) : null}
      <SubmitButton className="btn btn-primary">{t("tribute.manage.save")}</SubmitButton>
    </Form>
  );
}
