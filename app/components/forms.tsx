import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useId } from "react";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { useLocale } from "#app/lib/i18n";

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

type InputType = "text" | "email" | "tel" | "url" | "password";

export function Field({
  label,
  field,
  type = "text",
  autoComplete,
  maxLength,
  disabled,
  hint,
}: {
  label: string;
  field: FieldMetadata<string>;
  type?: InputType;
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
  hint?: string;
}) {
  const hintId = useId();
  const props = getInputProps(field, { type });
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        maxLength={maxLength}
        disabled={disabled}
        aria-describedby={
          [hint ? hintId : null, field.errors ? field.errorId : null].filter(Boolean).join(" ") ||
          undefined
        }
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  field,
  maxLength,
  disabled,
  rows = 5,
}: {
  label: string;
  field: FieldMetadata<string>;
  maxLength?: number;
  disabled?: boolean;
  rows?: number;
}) {
  const props = getTextareaProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        {...props}
        key={props.key}
        rows={rows}
        maxLength={maxLength}
        disabled={disabled}
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
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
