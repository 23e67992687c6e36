/**
 * A labelled checkbox with an optional hint, as the donation panel's choices (anonymous, cover the
 * card fee, newsletter) draw it. Its own file so donation-panel.tsx holds only the panel. Memoised:
 * the panel is drawn again on each keystroke of the amount, its choices only when they change.
 */
import { memo, useId } from "react";

export const CheckboxField = memo(function CheckboxField({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-[var(--color-muted)]">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
});
