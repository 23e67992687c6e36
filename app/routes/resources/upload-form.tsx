import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo } from "react";
import { useFetcher } from "react-router";
import { toast as showToast } from "sonner";
import { ErrorList, Field, HoneypotField, TextareaField } from "#app/components/forms";
import { useLocale } from "#app/lib/i18n";
import {
  ACCEPT_ATTRIBUTE,
  checkFileBasics,
  uploadFormSchemaWith,
  uploadMessagesFor,
} from "#app/lib/uploads";

export const UPLOAD_ACTION = "/resources/upload";

/**
 * The public 'Upload Document' form, used in the dialog on /resources and on /resources/upload
 * (where it lands without JavaScript). With JavaScript it posts through a fetcher, so the dialog
 * stays open to show a problem; success redirects to /resources with the toast.
 */
export function UploadDocumentForm({ lastResult }: { lastResult?: SubmissionResult | null }) {
  const { t, href } = useLocale();
  const messages = useMemo(() => uploadMessagesFor(t), [t]);
  const schema = useMemo(() => uploadFormSchemaWith(messages), [messages]);
  const fetcher = useFetcher<SubmissionResult>();
  const uploading = fetcher.state !== "idle";
  const result = fetcher.data ?? lastResult;
  const [form, fields] = useForm({
    id: "upload-document",
    lastResult: uploading ? undefined : result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // Server-side refusals also get the spec's destructive toast.
  const serverMessage = fetcher.data?.error
    ? Object.values(fetcher.data.error).flat().find(Boolean)
    : undefined;
  useEffect(() => {
    if (serverMessage) showToast.error(t("toast.error"), { description: serverMessage });
  }, [serverMessage, t]);

  const formProps = getFormProps(form);
  const fileProps = getInputProps(fields.file, { type: "file" });
  return (
    <fetcher.Form
      {...formProps}
      method="post"
      action={href(UPLOAD_ACTION)}
      encType="multipart/form-data"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("file");
        const problem = checkFileBasics(
          input instanceof HTMLInputElement ? input.files?.[0] : undefined,
          messages,
        );
        if (problem) showToast.error(t("toast.error"), { description: problem });
        formProps.onSubmit(event);
      }}
      className="space-y-4"
    >
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.file.id} className="field-label">
          {t("resources.upload.file")}
          <span aria-hidden="true"> *</span>
        </label>
        <p id={`${fields.file.id}-hint`} className="field-hint">
          {t("resources.upload.fileHint")}
        </p>
        <input
          {...fileProps}
          key={fileProps.key}
          accept={ACCEPT_ATTRIBUTE}
          required
          disabled={uploading}
          aria-describedby={[
            `${fields.file.id}-hint`,
            fields.file.errors ? fields.file.errorId : null,
          ]
            .filter(Boolean)
            .join(" ")}
          className="field-input"
        />
        <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
      </div>
      <Field
        label={t("resources.upload.title")}
        field={fields.title}
        maxLength={200}
        disabled={uploading}
        hint={t("resources.upload.titleHint")}
      />
      <TextareaField
        label={t("resources.upload.description")}
        field={fields.description}
        maxLength={2000}
        rows={3}
        disabled={uploading}
      />
      <HoneypotField />
      <p className="text-sm text-[var(--color-muted)]">{t("resources.upload.review")}</p>
      <button type="submit" className="btn btn-primary w-full" disabled={uploading}>
        {uploading ? t("resources.upload.uploading") : t("resources.upload.button")}
      </button>
    </fetcher.Form>
  );
}
