import { Form } from "react-router";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { useLocale } from "#app/i18n/translator";
import { fundraiserLimits } from "../rules";

export interface EditablePage {
  story: string;
  pendingStory: string | null;
  goalCents: number;
  endDate: string | null;
  reviewed: boolean;
}

/**
 * The owner's edit of the story, goal and end date (owner-action.server.ts validates it again).
 * A story waiting for review is what the owner edits further.
 */
export function OwnerEditForm({
  token,
  page,
  lastResult,
}: {
  token: string;
  page: EditablePage;
  lastResult: unknown;
}) {
  const { t } = useLocale();
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "fundraiser-edit",
    lastResult,
    intent: "edit",
    rules: {
      story: { missing: t("fundraising.errors.story") },
      goal: { missing: t("fundraising.errors.goal"), invalid: t("fundraising.errors.goalWhole") },
    },
  });
  const { goalMinDollars, goalMaxDollars } = fundraiserLimits;
  const withDefault = (name: string, value: string) => {
    const state = field(name);
    return { ...state, defaultValue: state.defaultValue ?? value };
  };
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="token" value={token} />
      {page.reviewed ? <p>{t("fundraising.manage.editReview")}</p> : null}
      <TextareaField
        label={t("fundraising.form.story")}
        field={withDefault("story", page.pendingStory ?? page.story)}
        rows={10}
        required
        minLength={fundraiserLimits.storyMin}
        maxLength={fundraiserLimits.story}
        disabled={submitting}
      />
      <p className="field-hint">{t("fundraising.form.storyHint")}</p>
      <Field
        label={t("fundraising.form.goal")}
        field={withDefault("goal", String(page.goalCents / 100))}
        required
        maxLength={20}
        pattern="\$?\s*[0-9][0-9,]*"
        hint={t("fundraising.form.goalHint", { min: goalMinDollars, max: goalMaxDollars })}
        disabled={submitting}
      />
      <Field
        label={t("fundraising.form.endDate")}
        field={withDefault("endDate", page.endDate ?? "")}
        type="date"
        hint={t("fundraising.form.endDateHint")}
        disabled={submitting}
      />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {t(submitting ? "forms.sending" : "fundraising.manage.save")}
      </button>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
