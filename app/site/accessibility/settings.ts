/**
 * The accessibility settings store: one object under localStorage "accessibilitySettings"
 * (docs/decisions/030-accessibility-settings-storage.md).
 *
 * `parseAccessibilitySettings` and `applyAccessibilitySettings` are also serialised into the inline
 * <head> script (see `accessibilityBootScript`) so the settings apply before first paint.
 * They must therefore stay self-contained: no reference to anything outside their own bodies.
 */

export const ACCESSIBILITY_STORAGE_KEY = "accessibilitySettings";

export type AccessibilitySettings = {
  fontSize: number;
  highContrast: boolean;
  textToSpeech: boolean;
  dyslexiaFont: boolean;
  pauseAnimations: boolean;
  altTextOnHover: boolean;
};

export type AccessibilityToggle = Exclude<keyof AccessibilitySettings, "fontSize">;

/** Text size slider bounds, in percent. */
export const FONT_SIZE = { min: 75, max: 200, step: 25 } as const;

/**
 * Reads a stored value (the raw localStorage string, or an already parsed value) into complete
 * settings. Each field that is missing or invalid falls back to its default on its own; anything
 * unreadable gives the defaults. Never throws.
 */
export function parseAccessibilitySettings(stored: unknown): AccessibilitySettings {
  const settings: AccessibilitySettings = {
    fontSize: 100,
    highContrast: false,
    textToSpeech: false,
    dyslexiaFont: false,
    pauseAnimations: false,
    altTextOnHover: false,
  };
  let value = stored;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return settings;
  const record = value as Record<string, unknown>;
  const size = record.fontSize;
  // Only the slider's own positions: 75 to 200 in steps of 25.
  if (typeof size === "number" && size >= 75 && size <= 200 && size % 25 === 0) {
    settings.fontSize = size;
  }
  for (const key of [
    "highContrast",
    "textToSpeech",
    "dyslexiaFont",
    "pauseAnimations",
    "altTextOnHover",
  ] as const) {
    const flag = record[key];
    if (typeof flag === "boolean") settings[key] = flag;
  }
  return settings;
}

export const defaultAccessibilitySettings: Readonly<AccessibilitySettings> = Object.freeze(
  parseAccessibilitySettings(null),
);

export function sameSettings(a: AccessibilitySettings, b: AccessibilitySettings): boolean {
  return (Object.keys(a) as (keyof AccessibilitySettings)[]).every((key) => a[key] === b[key]);
}

/** Sets the page modes on <html>: classes for the switches, --font-scale for the text size. */
export function applyAccessibilitySettings(settings: AccessibilitySettings, root: HTMLElement) {
  root.style.setProperty("--font-scale", `${settings.fontSize}%`);
  root.classList.toggle("high-contrast", settings.highContrast);
  root.classList.toggle("dyslexia-font", settings.dyslexiaFont);
  root.classList.toggle("pause-animations", settings.pauseAnimations);
  root.classList.toggle("alt-text-on-hover", settings.altTextOnHover);
}

/**
 * Settings at start. Text-to-speech never resumes by itself after a reload: browsers refuse speech
 * without a user gesture, and unexpected speech would startle
 * (docs/decisions/030-accessibility-settings-storage.md).
 */
export function loadAccessibilitySettings(): AccessibilitySettings {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(ACCESSIBILITY_STORAGE_KEY);
  } catch {
    // Storage can be blocked by privacy settings: the defaults apply.
  }
  return { ...parseAccessibilitySettings(stored), textToSpeech: false };
}

export function saveAccessibilitySettings(settings: AccessibilitySettings) {
  try {
    window.localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Full or blocked storage: the settings still apply to this page.
  }
}

/**
 * Inline <head> script: marks <html> as scripted (class "js") and applies the stored settings
 * before the body is painted. Any failure leaves the default look.
 */
export const accessibilityBootScript = `(function(){var d=document.documentElement;d.classList.add("js");try{var parse=${parseAccessibilitySettings};var apply=${applyAccessibilitySettings};apply(parse(localStorage.getItem(${JSON.stringify(ACCESSIBILITY_STORAGE_KEY)})),d)}catch(e){}})()`;
