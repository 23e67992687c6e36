import { X } from "lucide-react";
import { Dialog, Slider, Switch } from "radix-ui";
import { memo, type RefObject, useEffect, useId } from "react";
import { SaveDataForm } from "#app/features/weather/components/save-data-form";
import { useLocale } from "#app/i18n/translator";
import { showToast } from "#app/lib/toasts";
import { type AccessibilitySettings, type AccessibilityToggle, FONT_SIZE } from "./settings";
import {
  readPageAloud,
  TEXT_TO_SPEECH_IGNORE_ATTRIBUTE,
  TEXT_TO_SPEECH_MESSAGES,
} from "./text-to-speech";

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

/**
 * One switch with its label and description. Memoised: moving the text size slider draws the panel
 * again, and on a slow phone drawing every switch too added to the wait for the next paint.
 */
const SettingSwitch = memo(function SettingSwitch({
  id,
  name,
  label,
  description,
  checked,
  update,
}: {
  id: string;
  name: AccessibilityToggle;
  label: string;
  description: string;
  checked: boolean;
  update: (change: Partial<AccessibilitySettings>) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        className="a11y-switch"
        checked={checked}
        onCheckedChange={(next) => update({ [name]: next })}
        aria-describedby={`${id}-description`}
      >
        <Switch.Thumb className="a11y-switch-thumb" />
      </Switch.Root>
    </div>
  );
});

/**
 * The accessibility side panel, downloaded when its button is first used
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md), then kept mounted: reading
 * aloud goes on after the panel is closed.
 */
export function AccessibilityPanelDialog({
  open,
  onOpenChange,
  trigger,
  contentId,
  settings,
  update,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
  settings: AccessibilitySettings;
  update: (change: Partial<AccessibilitySettings>) => void;
}) {
  const { t } = useLocale();

  const reading = settings.textToSpeech;
  useEffect(() => {
    if (!reading) return;
    // Turning the switch off (or leaving the page) runs the cleanup, which stops speech.
    return readPageAloud(document.body, (event) => {
      if (event.type === "error") showToast.error(t(TEXT_TO_SPEECH_MESSAGES[event.problem]));
      if (event.type === "finished" || event.resetToggle) update({ textToSpeech: false });
    });
  }, [reading, t, update]);

  const sizeLabelId = useId();
  const idPrefix = useId();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          id={contentId}
          className="side-panel"
          // The button lives outside this lazily loaded part, so Radix does not know it.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          {...{ [TEXT_TO_SPEECH_IGNORE_ATTRIBUTE]: "" }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">{t("a11y.title")}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("a11y.close")}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm">{t("a11y.description")}</Dialog.Description>

          <div className="mt-6 space-y-6">
            <div>
              <div className="flex items-center justify-between gap-4">
                <span id={sizeLabelId} className="font-semibold">
                  {t("a11y.textSize")}
                </span>
                <span aria-hidden="true">{settings.fontSize}%</span>
              </div>
              <Slider.Root
                className="a11y-slider mt-3"
                min={FONT_SIZE.min}
                max={FONT_SIZE.max}
                step={FONT_SIZE.step}
                value={[settings.fontSize]}
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
                  aria-valuetext={`${settings.fontSize}%`}
                />
              </Slider.Root>
            </div>

            {switches.map(({ key, label, description }) => (
              <SettingSwitch
                key={key}
                id={`${idPrefix}-${key}`}
                name={key}
                label={t(label)}
                description={t(description)}
                checked={settings[key]}
                update={update}
              />
            ))}
            {/* Low data is decided by the server before the page is sent (app/lib/low-data.ts). */}
            <div>
              <p className="font-semibold">{t("weather.lowData.label")}</p>
              <p className="text-sm">{t("weather.lowData.hint")}</p>
              <div className="mt-2">
                <SaveDataForm on={false} />
              </div>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
