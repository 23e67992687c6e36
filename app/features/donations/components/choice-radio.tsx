import type { ReactNode } from "react";

/**
 * A native radio drawn as a button: arrow keys move within its group, it works without JavaScript,
 * and the transparent input lies over the face so pointer and keyboard reach the real control.
 */
export function ChoiceRadio({
  name,
  value,
  checked,
  onSelect,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="relative flex">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
      />
      <span className="flex min-h-11 w-full flex-col items-center justify-center rounded-lg border-2 border-[var(--color-primary)] bg-[var(--color-bg)] px-2 py-2 text-center font-semibold text-[var(--color-primary)] peer-checked:bg-[var(--color-primary)] peer-checked:text-[var(--color-on-primary)] peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--color-focus)] peer-focus-visible:outline-solid">
        {children}
      </span>
    </label>
  );
}
