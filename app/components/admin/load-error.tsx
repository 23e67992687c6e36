import { useEffect } from "react";
import { showToast } from "#app/lib/toasts";

/**
 * A tab's 'Failed to load ...' message (docs/decisions/060-dashboard-structure.md): a toast, and
 * the same text in the page.
 */
export function LoadError({ message }: { message: string | null }) {
  useEffect(() => {
    if (message) showToast.error(message, { id: message });
  }, [message]);
  if (!message) return null;
  return (
    <p
      role="alert"
      className="card border-[var(--color-error)] font-semibold text-[var(--color-error)]"
    >
      {message}. Please reload the page or try again later.
    </p>
  );
}
