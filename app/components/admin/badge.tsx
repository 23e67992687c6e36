import type { ReactNode } from "react";

const tones = {
  success: "border-[var(--color-success)] text-[var(--color-success)]",
  warning: "border-[var(--color-accent-strong)] text-[var(--color-accent-strong)]",
  error: "border-[var(--color-error)] text-[var(--color-error)]",
  muted: "border-[var(--color-muted)] text-[var(--color-muted)]",
} as const;

/** A short status word; the word carries the meaning, the colour only repeats it. */
export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded border-2 bg-[var(--color-bg)] px-2 py-0.5 text-sm font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
