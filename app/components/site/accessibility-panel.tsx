import { Accessibility, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";

/**
 * 'Accessibility settings' button, fixed at the upper right, and its side panel (Alt+A opens it).
 */
export function AccessibilityPanel() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === "KeyA") {
        event.preventDefault();
        setOpen(true);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Accessibility settings"
          title="Accessibility settings"
          className="fixed-corner-button right-3"
        >
          <Accessibility aria-hidden="true" className="size-5" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="side-panel">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">Accessibility Settings</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm">
            Customize your browsing experience. Press Alt + A to open this panel.
          </Dialog.Description>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
