import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ACCESSIBILITY_STORAGE_KEY,
  accessibilityBootScript,
  defaultAccessibilitySettings,
  parseAccessibilitySettings,
} from "#app/site/accessibility/settings";

const defaults = {
  fontSize: 100,
  highContrast: false,
  textToSpeech: false,
  dyslexiaFont: false,
  pauseAnimations: false,
  altTextOnHover: false,
};

describe("accessibility settings store", () => {
  // docs/decisions/030-accessibility-settings-storage.md
  test("defaults", () => {
    expect(defaultAccessibilitySettings).toEqual(defaults);
    expect(ACCESSIBILITY_STORAGE_KEY).toBe("accessibilitySettings");
  });

  test("nothing stored gives the defaults", () => {
    expect(parseAccessibilitySettings(null)).toEqual(defaults);
    expect(parseAccessibilitySettings(undefined)).toEqual(defaults);
  });

  test("a complete stored object is read back as is", () => {
    const stored = {
      fontSize: 175,
      highContrast: true,
      textToSpeech: true,
      dyslexiaFont: true,
      pauseAnimations: true,
      altTextOnHover: true,
    };
    expect(parseAccessibilitySettings(JSON.stringify(stored))).toEqual(stored);
  });

  test("a partial object keeps its fields and fills the rest with defaults", () => {
    expect(parseAccessibilitySettings('{"highContrast":true}')).toEqual({
      ...defaults,
      highContrast: true,
    });
    expect(parseAccessibilitySettings({ fontSize: 75, dyslexiaFont: true })).toEqual({
      ...defaults,
      fontSize: 75,
      dyslexiaFont: true,
    });
  });

  test("each invalid field falls back on its own", () => {
    expect(
      parseAccessibilitySettings(
        JSON.stringify({ fontSize: "150", highContrast: "true", pauseAnimations: true }),
      ),
    ).toEqual({ ...defaults, pauseAnimations: true });
    expect(parseAccessibilitySettings({ fontSize: 1, altTextOnHover: 1 })).toEqual(defaults);
  });

  test.each([
    ["below the minimum", 50],
    ["above the maximum", 225],
    ["between steps", 110],
    ["not a number", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
  ])("a text size %s falls back to 100", (_case, fontSize) => {
    expect(parseAccessibilitySettings({ fontSize }).fontSize).toBe(100);
  });

  test("every slider position is accepted", () => {
    for (const fontSize of [75, 100, 125, 150, 175, 200]) {
      expect(parseAccessibilitySettings({ fontSize }).fontSize).toBe(fontSize);
    }
  });

  test.each(["not json", "{", "[]", "[true]", "null", "42", '"text"', ""])(
    "corrupt stored value %j gives the defaults",
    (stored) => {
      expect(parseAccessibilitySettings(stored)).toEqual(defaults);
    },
  );

  test("unknown fields are dropped", () => {
    expect(parseAccessibilitySettings('{"theme":"dark","__proto__":{"x":1}}')).toEqual(defaults);
  });

  test("any stored value gives complete, valid settings and never throws", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue(), fc.anything()), (stored) => {
        const settings = parseAccessibilitySettings(stored);
        expect(Object.keys(settings).sort()).toEqual(Object.keys(defaults).sort());
        expect([75, 100, 125, 150, 175, 200]).toContain(settings.fontSize);
        for (const [key, value] of Object.entries(settings)) {
          if (key !== "fontSize") expect(typeof value).toBe("boolean");
        }
      }),
    );
  });
});

/** Runs the inline <head> script against a minimal stand-in for <html> and localStorage. */
function runBootScript(stored: string | null, storageThrows = false) {
  const classes = new Set<string>();
  const properties = new Map<string, string>();
  const documentElement = {
    classList: {
      add: (name: string) => classes.add(name),
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    style: { setProperty: (name: string, value: string) => properties.set(name, value) },
  };
  const localStorage = {
    getItem(key: string) {
      if (storageThrows) throw new Error("SecurityError");
      return key === ACCESSIBILITY_STORAGE_KEY ? stored : null;
    },
  };
  new Function("document", "localStorage", accessibilityBootScript)(
    { documentElement },
    localStorage,
  );
  return { classes: [...classes].sort(), fontScale: properties.get("--font-scale") };
}

describe("inline boot script", () => {
  test("is self-contained and applies the stored settings", () => {
    expect(
      runBootScript(
        JSON.stringify({
          fontSize: 150,
          highContrast: true,
          dyslexiaFont: true,
          pauseAnimations: true,
          altTextOnHover: true,
        }),
      ),
    ).toEqual({
      classes: ["alt-text-on-hover", "dyslexia-font", "high-contrast", "js", "pause-animations"],
      fontScale: "150%",
    });
  });

  test("applies the defaults for a corrupt value", () => {
    expect(runBootScript("{broken")).toEqual({ classes: ["js"], fontScale: "100%" });
  });

  test("still marks the page as scripted when storage is blocked", () => {
    expect(runBootScript(null, true)).toEqual({ classes: ["js"], fontScale: undefined });
  });
});
