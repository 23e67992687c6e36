import { useEffect, useMemo } from "react";
import { Form } from "react-router";
import { ErrorList, Field, FileField, HoneypotField, TextareaField } from "#app/components/forms";
import {
  ACCEPT_ATTRIBUTE,
  checkFileBasics,
  uploadMessagesFor,
} from "#app/features/library/uploads";
import { useLocale } from "#app/i18n/translator";
import { type FormReply, useFormFeedback } from "#app/lib/form-feedback";
import { showToast } from "#app/lib/toasts";
import { UploadProgress, useUploadWithProgress } from "./upload-progress";

export const UPLOAD_ACTION = "/resources/upload";

/**
 * The public 'Upload Document' form, used in the dialog on /resources and on /resources/upload
 * (where it lands without JavaScript). With JavaScript it is sent with upload progress and a
 * Cancel button (docs/decisions/105-upload-progress-and-cancel.md), so the dialog stays open to
 * show a problem; success redirects to /resources with the toast.
 */
export function UploadDocumentForm({ lastResult }: { lastResult?: FormReply | null }) {
  const { t, href } = useLocale();
  const messages = useMemo(() => uploadMessagesFor(t), [t]);
  const upload = useUploadWithProgress<FormReply>();
  const uploading = upload.busy;
  const { field, formErrors, formErrorId, formProps } = useFormFeedback({
    id: "upload-document",
    lastResult: uploading ? undefined : (upload.result ?? lastResult),
    rules: {
      file: {
        missing: messages.missing,
        check: (control) =>
          checkFileBasics(
            control instanceof HTMLInputElement ? control.files?.[0] : null,
            messages,
          ),
      },
    },
  });

  // Server-side refusals also get the red error toast.
  const serverMessage = upload.result?.error
    ? Object.values(upload.result.error).flat().find(Boolean)
    : undefined;
  useEffect(() => {
    if (serverMessage) showToast.error(t("toast.error"), { description: serverMessage });
  }, [serverMessage, t]);

  return (
    <Form
      {...formProps}
      method="post"
      action={href(UPLOAD_ACTION)}
      encType="multipart/form-data"
      onSubmit={(event) => {
        // A refused file also gets the red error toast, besides its message.
        const input = event.currentTarget.elements.namedItem("file");
        const problem = checkFileBasics(
          input instanceof HTMLInputElement ? input.files?.[0] : undefined,
          messages,
        );
        if (problem) showToast.error(t("toast.error"), { description: problem });
        formProps.onSubmit(event);
        upload.submit(event);
      }}
      className="space-y-4"
    >
      <ErrorList id={formErrorId} errors={formErrors} />
      <FileField
        accept={ACCEPT_ATTRIBUTE}
        label={t("resources.upload.file")}
        hint={t("resources.upload.fileHint")}
        field={field("file")}
        disabled={uploading}
      />
      <Field
        label={t("resources.upload.title")}
        field={field("title")}
        maxLength={200}
        disabled={uploading}
        hint={t("resources.upload.titleHint")}
      />
      <TextareaField
        label={t("resources.upload.description")}
        field={field("description")}
        maxLength={2000}
        rows={3}
        disabled={uploading}
      />
      <HoneypotField />
      <p className="text-sm text-[var(--color-muted)]">{t("resources.upload.review")}</p>
      <UploadProgress state={upload.state} onCancel={upload.cancel} />
      <button type="submit" className="btn btn-primary w-full" disabled={uploading}>
        {uploading ? t("resources.upload.uploading") : t("resources.upload.button")}
      </button>
    </Form>
  );
}
