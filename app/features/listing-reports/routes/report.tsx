/**
 * "Report a problem with this listing": a plain form under a service's page, so it works
 * without JavaScript; honeypot, per-client rate limit and validation as every public form
 * (app/lib/form-actions.server.ts), and the gift form's proof of work
 * (docs/decisions/251-proof-of-work-on-listing-reports.md). The note and e-mail reach staff only
 * (docs/decisions/245-listing-reports.md).
 */
import { useRef } from "react";
import { data, Form, Link } from "react-router";
import { ErrorList, Field, HoneypotField, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { useBotCheck } from "#app/components/use-bot-check";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { handlePublicForm } from "#app/lib/form-actions.server";
import { limits } from "#app/lib/limits";
import { pageMeta } from "#app/lib/seo";
import { reasonLabels, reportReasons } from "../reasons";
import { reportedService, saveReport } from "../reports.server";
import { REPORT_NOTE_MAX, reportSchema } from "../schema";
import type { Route } from "./+types/report";

export const handle = {
  messages: ["listingReport", "forms", "validation", "meta"],
} satisfies PageMessagesHandle;

/**
 * A few honest corrections an hour per client; a flood is refused. Without the proof of work (no
 * JavaScript) fewer, as /donate allows.
 */
const LIMIT = { points: 10, durationSeconds: 3600 };
const LIMIT_WITHOUT_PROOF = { points: 3, durationSeconds: 3600 };

export async function loader({ request, params }: Route.LoaderArgs) {
  const service = await reportedService(params.id, localeFromRequest(request));
  const messages = pageMessages(request, handle);
  return data({ service, messages }, { status: service ? 200 : 404 });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("listingReport.title"),
    description: t("listingReport.intro"),
    noindex: true,
  }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const service = await reportedService(params.id, localeFromRequest(request));
  if (!service) throw data({ error: "Not found" }, { status: 404 });
  return handlePublicForm(request, {
    name: "listing-report",
    schema: reportSchema,
    redirectTo: `/find-help/${encodeURIComponent(service.id)}`,
    limit: LIMIT,
    limitWithoutProof: LIMIT_WITHOUT_PROOF,
    successToast: (_value, { t }) => ({
      type: "success",
      title: t("listingReport.sentTitle"),
      description: t("listingReport.sentDescription"),
    }),
    save: async (value, { locale }) => {
      await saveReport(service.id, value, locale);
      return undefined;
    },
  });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { service } = loaderData;
  const { t, href } = useLocale();
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "listing-report",
    lastResult: actionData,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const botCheck = useBotCheck({ formRef, validate: formProps.onSubmit, lastResult: actionData });
  const busy = submitting || botCheck.waiting;
  if (!service) {
    return (
      <main id="main-content" className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        <h1 className="text-3xl font-bold">{t("listingReport.title")}</h1>
        <p>{t("listingReport.notFound")}</p>
      </main>
    );
  }
  const reason = field("reason");
  return (
    <main id="main-content" className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <p>
        <Link to={href(`/find-help/${encodeURIComponent(service.id)}`)} className="link">
          {service.name}
        </Link>
      </p>
      <h1 className="text-3xl font-bold">{t("listingReport.title")}</h1>
      <p>{t("listingReport.intro")}</p>
      <Form
        method="post"
        ref={formRef}
        {...formProps}
        onSubmit={botCheck.onSubmit}
        onFocus={botCheck.start}
        onPointerDown={botCheck.start}
        onInput={(event) => {
          formProps.onInput(event);
          botCheck.start();
        }}
        className="card space-y-4"
      >
        <HoneypotField />
        <fieldset
          aria-describedby={reason.errors ? reason.errorId : undefined}
          aria-invalid={reason.errors ? true : undefined}
        >
          <legend className="field-label">
            {t("listingReport.reason")}
            <span aria-hidden="true"> *</span>
          </legend>
          {reportReasons.map((value) => (
            <label key={value} className="flex items-center gap-2 py-1">
              <input
                type="radio"
                name="reason"
                value={value}
                required
                defaultChecked={reason.defaultValue === value}
                disabled={submitting}
              />
              {t(reasonLabels[value])}
            </label>
          ))}
          <ErrorList id={reason.errorId} errors={reason.errors} />
        </fieldset>
        <TextareaField
          label={t("listingReport.note")}
          field={field("note")}
          maxLength={REPORT_NOTE_MAX}
          rows={4}
          disabled={submitting}
        />
        <Field
          label={t("listingReport.email")}
          hint={t("listingReport.emailHint")}
          field={field("email")}
          type="email"
          autoComplete="email"
          maxLength={limits.email}
          disabled={submitting}
        />
        {botCheck.widget}
        <button type="submit" className="btn btn-primary" disabled={busy} aria-disabled={busy}>
          {t(busy ? "forms.sending" : "listingReport.send")}
        </button>
        <ErrorList id={formErrorId} errors={formErrors} />
      </Form>
    </main>
  );
}
