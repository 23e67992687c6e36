import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorList, Field, HoneypotField, TextareaField } from "#app/components/forms";
import { type MessageKey, useLocale } from "#app/i18n/translator";
import { type FieldRule, useFormFeedback } from "#app/lib/form-feedback";
import { limits } from "#app/lib/limits";
import { useRootData } from "#app/lib/root-data";

/**
 * A form of the site set up the same way everywhere: native constraints checked in the browser and
 * worded in the page's language (app/lib/form-feedback.ts), the server's reply shown on the same
 * fields. `lastResult` is the page's `useActionData()`; `intent` (a hidden field of the form) tells
 * this form's submissions and replies apart when a page has several forms.
 *
 * Also answers whether the form is being sent, and empties it after a successful submission:
 * success redirects back with a new success toast, which is the signal (without JavaScript the
 * redirect shows a fresh page anyway).
 */
export function usePublicForm({
  id,
  lastResult,
  intent,
  rules,
  onSuccess,
}: {
  id: string;
  lastResult: unknown;
  intent?: string;
  rules?: Record<string, FieldRule>;
  onSuccess?: () => void;
}) {
  const feedback = useFormFeedback({ id, lastResult, intent, rules });
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData !== undefined &&
    (intent === undefined || navigation.formData.get("intent") === intent);

  const sent = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const resetRef = useRef(feedback.reset);
  resetRef.current = feedback.reset;
  const toast = useRootData()?.toast;
  useEffect(() => {
    if (submitting) sent.current = true;
  }, [submitting]);
  useEffect(() => {
    if (!toast || !sent.current) return;
    sent.current = false;
    if (toast.type !== "success") return;
    resetRef.current();
    onSuccessRef.current?.();
  }, [toast]);

  return { ...feedback, submitting };
}

/** One visible field of a public form; its label and messages are catalog keys. */
export interface PublicFormField<Name extends string> {
  name: Name;
  label: MessageKey;
  type?: "text" | "email" | "tel" | "textarea";
  autoComplete?: string;
  maxLength?: number;
  /** Fields are required unless marked optional. */
  optional?: true;
  /** The message for an empty field (the schema's own message for it). */
  missing?: MessageKey;
  /** The message for a value of the wrong shape, with the `pattern` the browser checks. */
  invalid?: MessageKey;
  pattern?: string;
}

/** The e-mail and message fields, alike on every public form that asks for them. */
export const emailField = {
  name: "email",
  label: "forms.email",
  type: "email",
  autoComplete: "email",
  maxLength: limits.email,
  missing: "validation.email",
  invalid: "validation.emailInvalid",
} as const satisfies PublicFormField<"email">;

export const messageField = {
  name: "message",
  label: "forms.message",
  type: "textarea",
  maxLength: limits.message,
  missing: "validation.message",
} as const satisfies PublicFormField<"message">;

/**
 * The one form every public page uses (newsletter, contact, volunteer, partnership): honeypot,
 * labelled fields with their errors, the form's own errors and a submit button that says it is
 * sending. `hidden` values (an intent, a chosen opportunity) travel with it; a problem with one of
 * them is listed with the form's errors, since no field of its own can show it. `Values` is the
 * type of the form's schema output, so its fields are checked against the schema's names.
 */
export function PublicForm<Values extends object>({
  id,
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
  lastResult: unknown;
  action?: string;
  hidden?: Record<string, string>;
  fields: PublicFormField<Extract<keyof Values, string>>[];
  submitLabel: MessageKey;
  submittingLabel: MessageKey;
  onSuccess?: () => void;
  ariaLabel?: string;
  className?: string;
  buttonClassName?: string;
  buttonWrapperClassName?: string;
}) {
  const { t } = useLocale();
  const rules = Object.fromEntries(
    visibleFields.map((spec) => [
      spec.name,
      {
        missing: spec.missing ? t(spec.missing) : undefined,
        invalid: spec.invalid ? t(spec.invalid) : undefined,
      },
    ]),
  );
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id,
    lastResult,
    intent: hidden.intent,
    rules,
    onSuccess,
  });
  const hiddenErrors = Object.keys(hidden).flatMap((name) => field(name).errors ?? []);
  return (
    <Form method="post" action={action} {...formProps} aria-label={ariaLabel} className={className}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <HoneypotField />
      {visibleFields.map((spec) => {
        const constraints = {
          label: t(spec.label),
          field: field(spec.name),
          required: !spec.optional,
          maxLength: spec.maxLength,
          disabled: submitting,
        };
        return spec.type === "textarea" ? (
          <TextareaField key={spec.name} {...constraints} />
        ) : (
          <Field
            key={spec.name}
            {...constraints}
            type={spec.type}
            autoComplete={spec.autoComplete}
            pattern={spec.pattern}
          />
        );
      })}
      <div className={buttonWrapperClassName}>
        <button type="submit" className={buttonClassName} disabled={submitting}>
          {t(submitting ? submittingLabel : submitLabel)}
        </button>
      </div>
      <ErrorList id={formErrorId} errors={[...(formErrors ?? []), ...hiddenErrors]} />
    </Form>
  );
}
