import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { ErrorList, Field, HoneypotField, TextareaField } from "#app/components/forms";
import { type MessageKey, useLocale } from "#app/lib/i18n";
import { limits, type SchemaFactory } from "#app/lib/schemas";
import { useRootData } from "#app/root";

/**
 * Conform set up the same way for every public form: the shared Zod schema, in the page's
 * language, validates in the browser (on blur, then as the visitor types) and the server's reply
 * shows its errors. `lastResult` is the page's `useActionData()`; anything that is not a Conform
 * reply is ignored. `intent` (a hidden field of the form) tells this form's submissions and replies
 * apart when a page has several forms.
 *
 * Also answers whether the form is being sent, and empties it after a successful submission:
 * success redirects back with a new success toast, which is the signal (without JavaScript the
 * redirect shows a fresh page anyway).
 */
export function usePublicForm<Schema extends z.ZodObject>(
  schemaOrFactory: Schema | SchemaFactory<Schema>,
  {
    id,
    lastResult,
    intent,
    onSuccess,
  }: { id: string; lastResult: unknown; intent?: string; onSuccess?: () => void },
) {
  const { t, locale } = useLocale();
  // A factory builds the schema in the page's language; a plain schema (staff forms) is as is.
  const schema = useMemo(
    () => (typeof schemaOrFactory === "function" ? schemaOrFactory(t, locale) : schemaOrFactory),
    [schemaOrFactory, t, locale],
  );
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: isSubmissionResult(lastResult, intent) ? lastResult : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);

  const sent = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const toast = useRootData()?.toast;
  useEffect(() => {
    if (submitting) sent.current = true;
  }, [submitting]);
  useEffect(() => {
    if (!toast || !sent.current) return;
    sent.current = false;
    if (toast.type !== "success") return;
    form.reset();
    onSuccessRef.current?.();
  }, [toast, form.reset]);

  return { form, fields, submitting };
}

/** A Conform reply, and when the page has several forms, a reply to the one with this intent. */
function isSubmissionResult(value: unknown, intent?: string): value is SubmissionResult<string[]> {
  if (typeof value !== "object" || value === null || !("initialValue" in value)) return false;
  if (intent === undefined) return true;
  const initial = (value as SubmissionResult<string[]>).initialValue;
  return initial?.intent === intent;
}

/** One visible field of a public form; its label is a catalog key. */
export interface PublicFormField<Name extends string> {
  name: Name;
  label: MessageKey;
  type?: "text" | "email" | "tel" | "textarea";
  autoComplete?: string;
  maxLength?: number;
}

/** The e-mail and message fields, alike on every public form that asks for them. */
export const emailField = {
  name: "email",
  label: "forms.email",
  type: "email",
  autoComplete: "email",
  maxLength: limits.email,
} as const satisfies PublicFormField<"email">;

export const messageField = {
  name: "message",
  label: "forms.message",
  type: "textarea",
  maxLength: limits.message,
} as const satisfies PublicFormField<"message">;

/**
 * The one form every public page uses (newsletter, contact, volunteer, partnership): honeypot,
 * labelled fields with their errors, the form's own errors and a submit button that says it is
 * sending. `hidden` values (an intent, a chosen opportunity) travel with it; a problem with one of
 * them is listed with the form's errors, since no field of its own can show it.
 */
export function PublicForm<Schema extends z.ZodObject>({
  id,
  schema,
  lastResult,
  action,
  hidden = {},
  fields: visibleFields,
  submitLabel,
  submittingLabel,
  onSuccess,
  ariaLabel,
  className = "mt-4 space-y-4",
  buttonClassName = "btn btn-primary",
  buttonWrapperClassName,
}: {
  id: string;
  schema: SchemaFactory<Schema>;
  lastResult: unknown;
  action?: string;
  hidden?: Record<string, string>;
  fields: PublicFormField<Extract<keyof z.input<Schema>, string>>[];
  submitLabel: MessageKey;
  submittingLabel: MessageKey;
  onSuccess?: () => void;
  ariaLabel?: string;
  className?: string;
  buttonClassName?: string;
  buttonWrapperClassName?: string;
}) {
  const { t } = useLocale();
  const { form, fields, submitting } = usePublicForm(schema, {
    id,
    lastResult,
    intent: hidden.intent,
    onSuccess,
  });
  const hiddenErrors = Object.keys(hidden).flatMap(
    (name) => (fields as Record<string, { errors?: string[] }>)[name]?.errors ?? [],
  );
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      aria-label={ariaLabel}
      className={className}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <HoneypotField />
      {visibleFields.map((spec) => {
        const field = (fields as unknown as Record<string, Parameters<typeof Field>[0]["field"]>)[
          spec.name
        ];
        return spec.type === "textarea" ? (
          <TextareaField
            key={spec.name}
            label={t(spec.label)}
            field={field}
            maxLength={spec.maxLength}
            disabled={submitting}
          />
        ) : (
          <Field
            key={spec.name}
            label={t(spec.label)}
            field={field}
            type={spec.type}
            autoComplete={spec.autoComplete}
            maxLength={spec.maxLength}
            disabled={submitting}
          />
        );
      })}
      <div className={buttonWrapperClassName}>
        <button type="submit" className={buttonClassName} disabled={submitting}>
          {t(submitting ? submittingLabel : submitLabel)}
        </button>
      </div>
      <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...hiddenErrors]} />
    </Form>
  );
}
