import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { useLocale } from "#app/i18n/translator";

/** The open dialog of components/site/dialog.tsx, in its own chunk. */
export function DialogContent({
  onOpenChange,
  onClosed,
  title,
  description,
  children,
}: {
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLocale();
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content"
          // The opening control is outside Radix's knowledge (no Dialog.Trigger): focus it here.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-[var(--color-muted)]">
                {description}
              </Dialog.Description>
            </div>
            <Dialog.Close className="icon-button" aria-label={t("a11y.close")}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
