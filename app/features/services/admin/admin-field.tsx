/**
 * One labelled input of the Services tab's form with its hint and its errors, tied together by ids
 * (the library's form fields in app/components/forms.tsx take conform's field state, which this
 * nested, row-by-row form does not use).
 */
import { useId } from "react";

export interface AdminFieldProps {
  name: string;
  label: string;
  value: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
  type?: "text" | "url" | "email" | "time" | "date" | "tel" | "number";
  multiline?: boolean;
  /** "es" for the Spanish texts: spell checkers and screen readers follow it. */
  lang?: string;
  maxLength?: number;
  step?: string;
}

export function AdminField({
  name,
  label,
  value,
  errors,
  hint,
  required,
  type = "text",
  multiline,
  lang,
  maxLength,
  step,
}: AdminFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name,
    defaultValue: value,
    required,
    lang,
    maxLength,
    className: "field-input",
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={type} step={step} {...common} />
      )}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm font-medium text-[var(--color-error)]">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
