import { Accessibility } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocale } from "#app/i18n/translator";
import { lazyModule, useLazyModule } from "#app/lib/lazy-module";
import { AltTextOnHover } from "./alt-text";
import {
  type AccessibilitySettings,
  applyAccessibilitySettings,
  defaultAccessibilitySettings,
  loadAccessibilitySettings,
  sameSettings,
  saveAccessibilitySettings,
} from "./settings";

/** A new setting reaches the page once this long passes without another change. */
const SETTLE_MS = 300;

/**
 * The panel itself (a native dialog, text-to-speech): downloaded when first wanted
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md).
 */
const panelModule = lazyModule(() => import("./panel-dialog"));
const preloadPanel = () => {
  panelModule.load().catch(() => {
    // Tried again when the panel is opened.
  });
};

/**
 * 'Accessibility settings' button, fixed at the upper right, and its side panel (Alt+A opens it
 * from anywhere). The settings are already on <html> before first paint (inline script in root);
 * here they are loaded, changed, saved and applied again on every change.
 */
export function AccessibilityPanel() {
  const { t } = useLocale();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  // Once opened, the panel stays mounted (closed) so reading aloud can go on.
  const panel = useLazyModule(panelModule, open, () => setOpen(false));
  // null until read from storage after hydration, so the server and first client render agree.
  const [settings, setSettings] = useState<AccessibilitySettings | null>(null);
  const current = settings ?? defaultAccessibilitySettings;

  // The stored settings are on <html> before the first paint (the boot script in root.tsx): they
  // are read here for the panel's switches, and saved and applied again only when the visitor
  // changes one. Applying them again at load restyled the whole page for nothing, a long task
  // on a slow phone.
  const changedHere = useRef(false);
  useEffect(() => {
    const stored = loadAccessibilitySettings();
    if (!sameSettings(stored, defaultAccessibilitySettings)) setSettings(stored);
  }, []);

  useEffect(() => {
    if (!settings || !changedHere.current) return;
    saveAccessibilitySettings(settings);
    // Once the visitor pauses: the switch or slider shows its new state at once, and the page is
    // laid out again for the new settings only when no other change follows within
    // SETTLE_MS. For a text size that is the whole page, a quarter of a second on a low-tier
    // phone: each press of an arrow key would otherwise wait behind the previous one's layout
    // (docs/decisions/190-page-restyled-once-the-visitor-pauses.md).
    const timer = setTimeout(
      () => applyAccessibilitySettings(settings, document.documentElement),
      SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [settings]);

  const update = useCallback((change: Partial<AccessibilitySettings>) => {
    changedHere.current = true;
    setSettings((previous) => ({ ...(previous ?? loadAccessibilitySettings()), ...change }));
  }, []);

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
    <>
      {current.altTextOnHover ? <AltTextOnHover /> : null}
      <button
        ref={trigger}
        type="button"
        aria-label={t("a11y.button")}
        title={t("a11y.button")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && panel ? contentId : undefined}
        onClick={() => setOpen(true)}
        // Start the download as soon as the button is about to be used.
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        className="fixed-corner-button accessibility-trigger right-3"
      >
        <Accessibility aria-hidden="true" className="fixed-corner-icon" />
      </button>
      {panel ? (
        <panel.AccessibilityPanelDialog
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          contentId={contentId}
          settings={current}
          update={update}
        />
      ) : null}
    </>
  );
}
