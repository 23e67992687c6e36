import { Accessibility, X } from "lucide-react";
import { Dialog, Slider, Switch } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import {
  type AccessibilitySettings,
  type AccessibilityToggle,
  applyAccessibilitySettings,
  defaultAccessibilitySettings,
  FONT_SIZE,
  loadAccessibilitySettings,
  saveAccessibilitySettings,
} from "#app/lib/accessibility-settings";
import { useLocale } from "#app/lib/i18n";
import {
  readPageAloud,
  TEXT_TO_SPEECH_IGNORE_ATTRIBUTE,
  TEXT_TO_SPEECH_MESSAGES,
} from "#app/lib/text-to-speech";
import { AltTextOnHover } from "./accessibility-alt-text";

const switches = [
  {
    key: "highContrast",
    label: "a11y.highContrast",
    description: "a11y.highContrastDescription",
  },
  {
    key: "textToSpeech",
    label: "a11y.textToSpeech",
    description: "a11y.textToSpeechDescription",
  },
  {
    key: "dyslexiaFont",
    label: "a11y.dyslexiaFont",
    description: "a11y.dyslexiaFontDescription",
  },
  {
    key: "pauseAnimations",
    label: "a11y.pauseAnimations",
    description: "a11y.pauseAnimationsDescription",
  },
  {
    key: "altTextOnHover",
    label: "a11y.altTextOnHover",
    description: "a11y.altTextOnHoverDescription",
  },
] as const satisfies { key: AccessibilityToggle; label: string; description: string }[];

function withChange(
  previous: AccessibilitySettings | null,
  change: Partial<AccessibilitySettings>,
): AccessibilitySettings {
  return { ...(previous ?? loadAccessibilitySettings()), ...change };
}

/**
 * 'Accessibility settings' button, fixed at the upper right, and its side panel (Alt+A opens it
 * from anywhere). The settings are already on <html> before first paint (inline script in root);
 * here they are loaded, changed, saved and applied again on every change.
 */
export function AccessibilityPanel() {
  const { t } = useLocale();
  const [open, setOpen] = useState(false);
  // null until read from storage after hydration, so the server and first client render agree.
  const [settings, setSettings] = useState<AccessibilitySettings | null>(null);
  const current = settings ?? defaultAccessibilitySettings;

  useEffect(() => setSettings(loadAccessibilitySettings()), []);

  useEffect(() => {
    if (!settings) return;
    saveAccessibilitySettings(settings);
    applyAccessibilitySettings(settings, document.documentElement);
  }, [settings]);

  const update = (change: Partial<AccessibilitySettings>) =>
    setSettings((previous) => withChange(previous, change));

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

  const reading = current.textToSpeech;
  useEffect(() => {
    if (!reading) return;
    // Turning the switch off (or leaving the page) runs the cleanup, which stops speech.
    return readPageAloud(document.body, (event) => {
      if (event.type === "error") toast.error(t(TEXT_TO_SPEECH_MESSAGES[event.problem]));
      if (event.type === "finished" || event.resetToggle) {
        setSettings((previous) => withChange(previous, { textToSpeech: false }));
      }
    });
  }, [reading, t]);

  const sizeLabelId = useId();
  const idPrefix = useId();

  return (
    <>
      {current.altTextOnHover ? <AltTextOnHover /> : null}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button
            type="button"
            aria-label={t("a11y.button")}
            title={t("a11y.button")}
            className="fixed-corner-button accessibility-trigger right-3"
          >
            <Accessibility aria-hidden="true" className="fixed-corner-icon" />
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="side-panel" {...{ [TEXT_TO_SPEECH_IGNORE_ATTRIBUTE]: "" }}>
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-bold">{t("a11y.title")}</Dialog.Title>
              <Dialog.Close className="icon-button" aria-label={t("a11y.close")}>
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-2 text-sm">
              {t("a11y.description")}
            </Dialog.Description>

            <div className="mt-6 space-y-6">
              <div>
                <div className="flex items-center justify-between gap-4">
                  <span id={sizeLabelId} className="font-semibold">
                    {t("a11y.textSize")}
                  </span>
                  <span aria-hidden="true">{current.fontSize}%</span>
                </div>
                <Slider.Root
                  className="a11y-slider mt-3"
                  min={FONT_SIZE.min}
                  max={FONT_SIZE.max}
                  step={FONT_SIZE.step}
                  value={[current.fontSize]}
                  onValueChange={([fontSize]) => {
                    if (fontSize !== undefined) update({ fontSize });
                  }}
                >
                  <Slider.Track className="a11y-slider-track">
                    <Slider.Range className="a11y-slider-range" />
                  </Slider.Track>
                  <Slider.Thumb
                    className="a11y-slider-thumb"
                    aria-labelledby={sizeLabelId}
                    aria-valuetext={`${current.fontSize}%`}
                  />
                </Slider.Root>
              </div>

              {switches.map(({ key, label, description }) => (
                <div key={key} className="flex items-start justify-between gap-4">
                  <div>
                    <label htmlFor={`${idPrefix}-${key}`} className="font-semibold">
                      {t(label)}
                    </label>
                    <p id={`${idPrefix}-${key}-description`} className="text-sm">
                      {t(description)}
                    </p>
                  </div>
                  <Switch.Root
                    id={`${idPrefix}-${key}`}
                    className="a11y-switch"
                    checked={current[key]}
                    onCheckedChange={(checked) => update({ [key]: checked })}
                    aria-describedby={`${idPrefix}-${key}-description`}
                  >
                    <Switch.Thumb className="a11y-switch-thumb" />
                  </Switch.Root>
                </div>
              ))}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
