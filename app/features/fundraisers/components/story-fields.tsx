import { Field, TextareaField } from "#app/components/forms";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";
import { fundraiserLimits } from "../rules";

type Translate = ReturnType<typeof useLocale>["t"];

/** The browser's messages for the story and the goal, worded as on the server. */
export function storyRules(t: Translate) {
  return {
    story: { missing: t("fundraising.errors.story") },
    goal: { missing: t("fundraising.errors.goal"), invalid: t("fundraising.errors.goalWhole") },
  };
}

/**
 * The story, the goal and the end date: the same fields when a supporter starts a page
 * (start-form.tsx) and when its owner edits it (owner-edit-form.tsx).
 */
export function StoryFields({
  field,
  storyRows,
  submitting,
}: {
  field: (name: "story" | "goal" | "endDate") => FieldState;
  storyRows: number;
  submitting: boolean;
}) {
  const { t } = useLocale();
  const { goalMinDollars, goalMaxDollars } = fundraiserLimits;
  return (
    <>
      <TextareaField
        label={t("fundraising.form.story")}
        field={field("story")}
        rows={storyRows}
        required
        minLength={fundraiserLimits.storyMin}
        maxLength={fundraiserLimits.story}
        disabled={submitting}
      />
      <p className="field-hint">{t("fundraising.form.storyHint")}</p>
      <Field
        label={t("fundraising.form.goal")}
        field={field("goal")}
        required
        maxLength={20}
        pattern="\$?\s*[0-9][0-9,]*"
        hint={t("fundraising.form.goalHint", { min: goalMinDollars, max: goalMaxDollars })}
        disabled={submitting}
      />
      <Field
        label={t("fundraising.form.endDate")}
        field={field("endDate")}
        type="date"
        hint={t("fundraising.form.endDateHint")}
        disabled={submitting}
      />
    </>
  );
}
