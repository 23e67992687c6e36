import { useId, useRef } from "react";
import { useNavigation } from "react-router";
import { useLocale } from "#app/i18n/translator";
import { EMAIL_MAX_LENGTH } from "#app/lib/auth/rules";
import type { FieldState } from "#app/lib/form-feedback";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";

/** Error messages tied to a field by id; announced when they appear. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  return (
    <div id={id} aria-live="polite" className="min-h-0">
      {shown.length > 0 ? (
        <ul className="mt-1 space-y-1 text-sm font-medium text-[var(--color-error)]">
          {shown.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type InputType = "text" | "email" | "tel" | "url" | "password" | "date";

/** Native constraints of a field: the browser checks them, and `useFormFeedback` words the result. */
interface Constraints {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  disabled?: boolean;
}

/** The label, with the mark of a required field (hidden from screen readers, which say "required"). */
function FieldLabel({
  field,
  label,
  required,
}: {
  field: FieldState;
  label: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={field.id} className="field-label">
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

/** The ids describing a control: its hint, then its messages while it has some. */
function describedBy(field: FieldState, hintId?: string) {
  return [hintId, field.errors ? field.errorId : null].filter(Boolean).join(" ") || undefined;
}

export function Field({
  label,
  field,
  type = "text",
  autoComplete,
  hint,
  ...constraints
}: {
  label: string;
  field: FieldState;
  type?: InputType;
  autoComplete?: string;
  hint?: string;
} & Constraints) {
  const hintId = useId();
  return (
    <div className="field">
      <FieldLabel field={field} label={label} required={constraints.required} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={field.id}
        name={field.name}
        type={type}
        defaultValue={field.defaultValue}
        autoComplete={autoComplete}
        {...constraints}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={describedBy(field, hint ? hintId : undefined)}
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  field,
  rows = 5,
  ...constraints
}: {
  label: string;
  field: FieldState;
  rows?: number;
} & Constraints) {
  return (
    <div className="field">
      <FieldLabel field={field} label={label} required={constraints.required} />
      <textarea
        id={field.id}
        name={field.name}
        defaultValue={field.defaultValue}
        rows={rows}
        {...constraints}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={describedBy(field)}
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A file to upload, of the types `accept` lists; its checks are the form's `check` rule. */
export function FileField({
  label,
  hint,
  field,
  accept,
  disabled,
  required = true,
}: {
  label: string;
  hint: string;
  field: FieldState;
  accept: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="field">
      <FieldLabel field={field} label={label} required={required} />
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept={accept}
        required={required}
        disabled={disabled}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The e-mail field of the (English) account forms: sign-in, sign-up, forgotten password. */
export function AccountEmailField({ field }: { field: FieldState }) {
  return (
    <Field
      label="Email"
      field={field}
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX_LENGTH}
    />
  );
}

/** Whether two form submissions carry the same fields and values. */
function sameEntries(a: FormData, b: FormData) {
  const left = [...a.entries()].map(([name, value]) => `${name}=${String(value)}`);
  const right = [...b.entries()].map(([name, value]) => `${name}=${String(value)}`);
  return left.length === right.length && left.every((entry, index) => entry === right[index]);
}

/**
 * A form's submit button that says the form is being sent, and cannot be pressed twice, while the
 * server works on it. Its form is the one being sent when the navigation carries exactly this
 * form's fields (a page may list many such forms: one per gift, per session, per item). Without
 * JavaScript the browser's own loading indicator is all there is.
 */
export function SubmitButton({
  className,
  children,
}: {
  className: string;
  children: React.ReactNode;
}) {
  const { t } = useLocale();
  const button = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const form = button.current?.form;
  const sending =
    navigation.state === "submitting" &&
    navigation.formData !== undefined &&
    form != null &&
    sameEntries(new FormData(form), navigation.formData);
  return (
    <button ref={button} type="submit" className={className} disabled={sending}>
      {sending ? t("forms.sending") : children}
    </button>
  );
}

/** A field people never see or reach; bots fill it in and are quietly turned away. */
export function HoneypotField() {
  const { t } = useLocale();
  return (
    <div aria-hidden="true" className="honeypot">
      <label>
        {t("forms.honeypot")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
