import { Form } from "react-router";
import { ErrorList, FileField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { useLocale } from "#app/i18n/translator";
import { PHOTO_ACCEPT } from "../photo";
import { StoryFields, storyRules } from "./story-fields";

export interface EditablePage {
  story: string;
  pendingStory: string | null;
  hasPhoto: boolean;
  photoWaiting: boolean;
  goalCents: number;
  endDate: string | null;
  reviewed: boolean;
}

/**
 * The owner's edit of the story, photo, goal and end date (owner-action.server.ts validates it
 * again; multipart, for the photo).
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
    rules: storyRules(t),
  });
  const withDefault = (name: string, value: string) => {
    const state = field(name);
    return { ...state, defaultValue: state.defaultValue ?? value };
  };
  return (
    <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="token" value={token} />
      {page.reviewed ? <p>{t("fundraising.manage.editReview")}</p> : null}
      <StoryFields
        field={(name) =>
          withDefault(
            name,
            {
              story: page.pendingStory ?? page.story,
              goal: String(page.goalCents / 100),
              endDate: page.endDate ?? "",
            }[name],
          )
        }
        storyRows={10}
        submitting={submitting}
      />
      <FileField
        label={t(page.hasPhoto ? "fundraising.manage.photoReplace" : "fundraising.manage.photoAdd")}
        hint={t(
          page.reviewed ? "fundraising.manage.photoHintReview" : "fundraising.form.photoHint",
        )}
        field={field("photo")}
        accept={PHOTO_ACCEPT}
        required={false}
        disabled={submitting}
      />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {t(submitting ? "forms.sending" : "fundraising.manage.save")}
      </button>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
