import { X } from "lucide-react";
import { memo, type RefObject, useEffect, useId, useLayoutEffect, useRef } from "react";
import { SaveDataForm } from "#app/features/weather/index";
import { useLocale } from "#app/i18n/translator";
import { showToast, showToastsInside } from "#app/lib/toasts";
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
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's checked state is its aria-checked (ARIA in HTML forbids setting both)
        role="switch"
        id={id}
        className="a11y-switch"
        checked={checked}
        onChange={(event) => update({ [name]: event.currentTarget.checked })}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
});

/**
 * The accessibility side panel, downloaded when its button is first used
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md), then kept mounted: reading
 * aloud goes on after the panel is closed. A native modal <dialog> with native controls: the
 * browser keeps focus inside, closes it on Escape and makes the page behind it inert, which on a
 * slow phone costs a fraction of what a scripted dialog did
 * (docs/decisions/195-accessibility-panel-native-dialog.md).
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

  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || open === element.open) return;
    if (!open) {
      element.close();
      return;
    }
    element.showModal();
    // Everything outside an open modal dialog is inert: toasts raised meanwhile (the reading
    // aloud's errors) are shown inside it.
    showToastsInside(element);
    return () => showToastsInside(null);
  }, [open]);

  const titleId = useId();
  const descriptionId = useId();
  const idPrefix = useId();

  return (
    <dialog
      ref={dialog}
      id={contentId}
      className="side-panel"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape, the close button and (where the browser knows `closedby`) a tap beside the panel.
      onClose={() => {
        onOpenChange(false);
        trigger.current?.focus();
      }}
      {...{ closedby: "any", [TEXT_TO_SPEECH_IGNORE_ATTRIBUTE]: "" }}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {t("a11y.title")}
        </h2>
        <form method="dialog">
          <button type="submit" className="icon-button" aria-label={t("a11y.close")}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>
      </div>
      <p id={descriptionId} className="mt-2 text-sm">
        {t("a11y.description")}
      </p>

      <div className="mt-6 space-y-6">
        <div>
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={`${idPrefix}-fontSize`} className="font-semibold">
              {t("a11y.textSize")}
            </label>
            <span aria-hidden="true">{settings.fontSize}%</span>
          </div>
          <input
            type="range"
            id={`${idPrefix}-fontSize`}
            className="a11y-slider mt-3"
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            step={FONT_SIZE.step}
            value={settings.fontSize}
            onChange={(event) => update({ fontSize: event.currentTarget.valueAsNumber })}
            aria-valuetext={`${settings.fontSize}%`}
          />
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
    </dialog>
  );
}
