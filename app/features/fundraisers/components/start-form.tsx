import { Form } from "react-router";
import { ErrorList, Field, FileField, HoneypotField } from "#app/components/forms";
import { emailField, usePublicForm } from "#app/components/public-form";
import { useLocale } from "#app/i18n/translator";
import { isFormReply } from "#app/lib/form-feedback";
import { limits } from "#app/lib/limits";
import { PHOTO_ACCEPT } from "../photo";
import { fundraiserLimits } from "../rules";
import { StoryFields, storyRules } from "./story-fields";

/**
 * The start form of a fundraiser page: a plain form posted to its own page (multipart, for the
 * photo), so it works without JavaScript; the server validates it again (schemas.server.ts).
 */
export function StartForm({ lastResult }: { lastResult: unknown }) {
  const { t } = useLocale();
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "fundraise",
    lastResult,
    rules: {
      name: { missing: t("validation.name") },
      email: { missing: t(emailField.missing), invalid: t(emailField.invalid) },
      title: { missing: t("fundraising.errors.title") },
      ...storyRules(t),
    },
  });
  const showProgress = field("showProgress");
  // Checked at first; after a refused post, as the supporter left it.
  const progressChecked = isFormReply(lastResult) ? showProgress.defaultValue === "on" : true;
  return (
    <Form method="post" encType="multipart/form-data" {...formProps} className="mt-6 space-y-4">
      <HoneypotField />
      <Field
        label={t("fundraising.form.name")}
        field={field("name")}
        autoComplete="name"
        required
        maxLength={limits.name}
        disabled={submitting}
      />
      <Field
        label={t(emailField.label)}
        field={field("email")}
        type="email"
        autoComplete="email"
        required
        maxLength={limits.email}
        hint={t("fundraising.form.emailHint")}
        disabled={submitting}
      />
      <Field
        label={t("fundraising.form.title")}
        field={field("title")}
        required
        maxLength={fundraiserLimits.title}
        disabled={submitting}
      />
      <StoryFields field={field} storyRows={8} submitting={submitting} />
      <FileField
        label={t("fundraising.form.photo")}
        hint={t("fundraising.form.photoHint")}
        field={field("photo")}
        accept={PHOTO_ACCEPT}
        required={false}
        disabled={submitting}
      />
      <div className="flex items-start gap-3">
        <input
          id={showProgress.id}
          type="checkbox"
          name="showProgress"
          defaultChecked={progressChecked}
          className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
        />
        <label htmlFor={showProgress.id} className="font-medium">
          {t("fundraising.form.showProgress")}
        </label>
      </div>
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {t(submitting ? "forms.sending" : "fundraising.form.submit")}
      </button>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
