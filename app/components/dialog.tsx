import { type ReactNode, useLayoutEffect, useRef } from "react";
import { lazyModule, useLazyModule } from "#app/lib/lazy-module";

/**
 * Radix Dialog and the dialog's frame: downloaded when a dialog first opens
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md).
 */
const dialogModule = lazyModule(() => import("./dialog-content"));

/** Starts the download early, e.g. when a pointer enters or focus reaches an opening button. */
export function preloadDialog() {
  dialogModule.load().catch(() => {
    // Tried again when the dialog opens.
  });
}

/**
 * A modal dialog with a title, a description and a close button. It is mounted only while open (a
 * closed Radix dialog kept mounted on the landing page stopped the newsletter form below it from
 * showing its errors). Focus goes back to what had it when the dialog opened. If its code cannot
 * be downloaded (offline) the dialog closes again, so the opening control stays usable.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before the dialog's own effects move focus into it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  const dialog = useLazyModule(dialogModule, open, () => onOpenChange(false));
  if (!open || !dialog) return null;
  return (
    <dialog.DialogContent
      onOpenChange={onOpenChange}
      onClosed={() => {
        if (opener.current?.isConnected) opener.current.focus();
      }}
      title={title}
      description={description}
    >
      {children}
    </dialog.DialogContent>
  );
}
