import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const KEY = "accessibilitySettings";

/** Stores settings before any page script runs, as a returning visitor would have them. */
async function storeSettings(page: Page, stored: unknown) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    KEY,
    typeof stored === "string" ? stored : JSON.stringify(stored),
  ] as const);
}

async function storedSettings(page: Page) {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "null"), KEY);
}

/** The page after hydration (the panel's listeners are attached). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

async function openPanel(page: Page) {
  await page.getByRole("button", { name: "Accessibility settings" }).click();
  const panel = page.getByRole("dialog", { name: "Accessibility Settings" });
  await expect(panel).toBeVisible();
  return panel;
}

function setting(panel: Locator, name: string) {
  return panel.getByRole("switch", { name });
}

/** Contrast ratio of two CSS rgb() colours (WCAG formula). */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe("the accessibility panel", () => {
  test("the button at the upper right opens the titled panel; focus is trapped; Escape returns focus", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/about");
    const button = page.getByRole("button", { name: "Accessibility settings" });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 80);
    expect(box.y).toBeLessThan(40);

    const panel = await openPanel(page);
    await expect(panel).toHaveAccessibleDescription(
      "Customize your browsing experience. Press Alt + A to open this panel.",
    );
    // Focus moved into the panel, and however far one tabs, both ways, it never reaches the page
    // behind: past the panel's last control the browser takes it (its own toolbar, or nothing in
    // a headless one) and gives it back to the panel.
    expect(await panel.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    const reached = new Set<string>();
    for (const key of [...Array(12).fill("Tab"), ...Array(12).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      const where = await panel.evaluate((node) => {
        const active = document.activeElement;
        if (active && node.contains(active)) return "panel";
        return active === null || active === document.body ? "browser" : "page";
      });
      expect(where).not.toBe("page");
      reached.add(where);
    }
    expect(reached).toContain("panel");
    // The page behind is inert while the panel is open.
    expect(
      await page.getByRole("link", { name: "Skip to main content" }).evaluate((node) => {
        node.focus();
        return document.activeElement === node;
      }),
    ).toBe(false);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("Alt+A opens the panel from anywhere, also from a form field", async ({ page }) => {
    await open(page, "/login");
    const field = page.getByRole("textbox").first();
    await field.focus();
    await page.keyboard.press("Alt+KeyA");
    const panel = page.getByRole("dialog", { name: "Accessibility Settings" });
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Accessibility settings" })).toBeFocused();

    // From the page body, with no control focused.
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("Alt+KeyA");
    await expect(panel).toBeVisible();
  });

  test("the panel button is hidden without JavaScript, where it could not work", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    await expect(page.getByRole("button", { name: "Accessibility settings" })).toBeHidden();
    await context.close();
  });
});

test.describe("settings", () => {
  test("text size: arrow keys move 75-200% in steps of 25; the page text scales and it persists", async ({
    page,
  }) => {
    await open(page, "/about");
    const panel = await openPanel(page);
    const slider = panel.getByRole("slider", { name: "Text size" });
    await slider.focus();
    await expect(slider).toHaveValue("100");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("125");
    await expect(slider).toHaveAttribute("aria-valuetext", "125%");
    await page.keyboard.press("End");
    await expect(slider).toHaveValue("200");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("200");
    const rootFontSize = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    // The page is restyled once the slider has rested (app/site/accessibility/panel.tsx).
    await expect.poll(rootFontSize).toBe("32px");
    await page.keyboard.press("Home");
    await expect(slider).toHaveValue("75");
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveValue("75");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("150");
    await expect.poll(rootFontSize).toBe("24px");
    expect((await storedSettings(page)).fontSize).toBe(150);

    await page.reload();
    expect(await rootFontSize()).toBe("24px");
    await page.waitForLoadState("networkidle");
    const again = await openPanel(page);
    await expect(again.getByRole("slider", { name: "Text size" })).toHaveValue("150");
  });

  test("text size: quick steps resize the page once, when the visitor pauses", async ({ page }) => {
    await page.clock.install();
    await open(page, "/about");
    const panel = await openPanel(page);
    const slider = panel.getByRole("slider", { name: "Text size" });
    await slider.focus();
    // From here the page's clock moves only when told: on a busy machine the real time between two
    // steps could otherwise exceed the pause that applies the size.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("150");
    const rootFontSize = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    // The slider answers at once; the page keeps its size while the steps come.
    expect(await rootFontSize()).toBe("16px");
    await page.clock.runFor(200);
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("175");
    await page.clock.runFor(200);
    expect(await rootFontSize()).toBe("16px");
    await page.clock.runFor(200);
    expect(await rootFontSize()).toBe("28px");
    expect((await storedSettings(page)).fontSize).toBe(175);
  });

  test("stored settings apply before the app's scripts run (no flash of the default look)", async ({
    page,
  }) => {
    await storeSettings(page, {
      fontSize: 175,
      highContrast: true,
      dyslexiaFont: true,
      pauseAnimations: true,
      altTextOnHover: true,
    });
    // Only the inline <head> script may act: every module script is refused.
    await page.route("**/assets/*.js", (route) => route.abort());
    // The page never hydrates: `load` is all there is to wait for.
    await page.goto("/about", { waitUntil: "load" });
    const html = page.locator("html");
    for (const mode of [
      "js",
      "high-contrast",
      "dyslexia-font",
      "pause-animations",
      "alt-text-on-hover",
    ]) {
      await expect(html).toHaveClass(new RegExp(`\\b${mode}\\b`));
    }
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
      "28px",
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      "rgb(0, 0, 0)",
    );
  });

  test("high contrast: switched with Space; black and white with yellow links; 7:1 focus ring; persists", async ({
    page,
  }) => {
    await open(page, "/about");
    const panel = await openPanel(page);
    const toggle = setting(panel, "High contrast");
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked();
    await expect(page.locator("html")).toHaveClass(/high-contrast/);
    expect((await storedSettings(page)).highContrast).toBe(true);
    await page.keyboard.press("Escape");

    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).toHaveClass(/high-contrast/);
    const colours = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const link = document.querySelector<HTMLAnchorElement>("footer a")!;
      return {
        background: body.backgroundColor,
        text: body.color,
        link: getComputedStyle(link).color,
      };
    });
    expect(colours.background).toBe("rgb(0, 0, 0)");
    expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(7);
    expect(contrast(colours.link, colours.background)).toBeGreaterThanOrEqual(7);

    // Focus ring of the first control reached by keyboard (the skip link).
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(ring.style).toBe("solid");
    expect(Number.parseFloat(ring.width)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring.color, colours.background)).toBeGreaterThanOrEqual(7);
  });

  test("dyslexia font: OpenDyslexic is downloaded only once the setting is on", async ({
    page,
  }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/fonts/")) fontRequests.push(request.url());
    });
    await open(page, "/about");
    expect(fontRequests).toEqual([]);

    const panel = await openPanel(page);
    await setting(panel, "Dyslexia-friendly font").click();
    await expect(page.locator("html")).toHaveClass(/dyslexia-font/);
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily))
      .toMatch(/^"?OpenDyslexic/);
    await expect.poll(() => fontRequests.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check('16px "OpenDyslexic"');
      }),
    ).toBe(true);

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dyslexia-font/);
  });

  test("pause animations: no animation, transition or smooth scrolling; persists", async ({
    page,
  }) => {
    await open(page, "/about");
    const motion = () =>
      page.evaluate(() => {
        const probe = document.createElement("div");
        probe.style.animation = "spin 2s linear infinite";
        probe.style.transition = "opacity 400ms ease 100ms";
        document.body.append(probe);
        const style = getComputedStyle(probe);
        const result = {
          animation: style.animationDuration,
          iterations: style.animationIterationCount,
          transition: style.transitionDuration,
          delay: style.transitionDelay,
          scroll: getComputedStyle(document.documentElement).scrollBehavior,
        };
        probe.remove();
        return result;
      });
    expect(await motion()).toMatchObject({ animation: "2s", scroll: "smooth" });

    const panel = await openPanel(page);
    await setting(panel, "Pause animations").click();
    await expect(page.locator("html")).toHaveClass(/pause-animations/);
    expect(await motion()).toEqual({
      animation: "0s",
      iterations: "1",
      transition: "0s",
      delay: "0s",
      scroll: "auto",
    });
    await page.reload();
    expect(await motion()).toMatchObject({ animation: "0s", scroll: "auto" });
  });

  test("prefers-reduced-motion is honoured without any setting", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/about");
    const result = await page.evaluate(() => ({
      scroll: getComputedStyle(document.documentElement).scrollBehavior,
      animation: (() => {
        const probe = document.createElement("div");
        probe.style.animation = "spin 2s linear infinite";
        document.body.append(probe);
        const duration = Number.parseFloat(getComputedStyle(probe).animationDuration);
        probe.remove();
        return duration;
      })(),
    }));
    expect(result.scroll).toBe("auto");
    expect(result.animation).toBeLessThan(0.001);
  });

  test("alt text on hover: shown on hover and on keyboard focus, only when on", async ({
    page,
  }) => {
    await open(page, "/about");
    // The panel answering proves hydration is over: React will not replace the added images.
    await openPanel(page);
    await page.keyboard.press("Escape");
    // A described image and a decorative one, as pages carry them.
    await page.evaluate(() => {
      const main = document.querySelector("main")!;
      main.insertAdjacentHTML(
        "afterbegin",
        `<img id="described" alt="Volunteers serving a hot meal" width="120" height="80"
           src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='120' height='80'/%3E">
         <img id="decorative" alt="" width="40" height="40"
           src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='40' height='40'/%3E">`,
      );
    });
    const tooltip = page.locator(".alt-text-tooltip");
    await page.locator("#described").hover();
    await expect(tooltip).toHaveCount(0);

    const panel = await openPanel(page);
    await setting(panel, "Alt text on hover").click();
    await expect(page.locator("html")).toHaveClass(/alt-text-on-hover/);
    await page.keyboard.press("Escape");

    await page.locator("#described").hover();
    await expect(tooltip).toHaveText("Volunteers serving a hot meal");
    await page.locator("#decorative").hover();
    await expect(tooltip).toHaveCount(0);

    // Keyboard: the described image joins the tab order and shows its text on focus.
    await page.mouse.move(0, 0);
    await expect(page.locator("#described")).toHaveAttribute("tabindex", "0");
    await expect(page.locator("#decorative")).not.toHaveAttribute("tabindex", "0");
    await page.locator("#described").focus();
    await expect(tooltip).toHaveText("Volunteers serving a hot meal");
    await page.keyboard.press("Tab");
    await expect(tooltip).toHaveCount(0);
    expect((await storedSettings(page)).altTextOnHover).toBe(true);
  });

  test("a corrupt stored value falls back to the defaults and the page still works", async ({
    page,
  }) => {
    await storeSettings(page, "{not json");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await open(page, "/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const panel = await openPanel(page);
    await expect(panel.getByRole("slider", { name: "Text size" })).toHaveValue("100");
    await expect(setting(panel, "High contrast")).not.toBeChecked();
    // The corrupt value is replaced at the visitor's first change, from the defaults.
    await setting(panel, "High contrast").click();
    await expect(page.locator("html")).toHaveClass(/high-contrast/);
    expect(await storedSettings(page)).toEqual({
      fontSize: 100,
      highContrast: true,
      textToSpeech: false,
      dyslexiaFont: false,
      pauseAnimations: false,
      altTextOnHover: false,
    });
    expect(errors).toEqual([]);
  });

  test("a partial stored value keeps its valid fields, field by field", async ({ page }) => {
    await storeSettings(page, { highContrast: true, fontSize: 9000, dyslexiaFont: "yes" });
    await open(page, "/about");
    await expect(page.locator("html")).toHaveClass(/high-contrast/);
    await expect(page.locator("html")).not.toHaveClass(/dyslexia-font/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
      "16px",
    );
  });
});

/**
 * A stand-in for the browser's speechSynthesis, installed before page scripts run. `mode`:
 * "speak" ends each utterance shortly, "fail" reports a synthesis error, "hold" never ends,
 * "unsupported" removes the API.
 */
async function stubSpeech(page: Page, mode: "speak" | "fail" | "hold" | "unsupported") {
  await page.addInitScript((mode) => {
    const state = { spoken: [] as string[], cancels: 0 };
    Object.defineProperty(window, "__speech", { value: state });
    if (mode === "unsupported") {
      Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
      Object.defineProperty(window, "SpeechSynthesisUtterance", {
        value: undefined,
        configurable: true,
      });
      return;
    }
    type Utterance = {
      text: string;
      onend?: (() => void) | null;
      onerror?: ((event: { error: string }) => void) | null;
    };
    let timers: number[] = [];
    const synth = {
      speak(utterance: Utterance) {
        state.spoken.push(utterance.text);
        if (mode === "hold") return;
        timers.push(
          window.setTimeout(() => {
            if (mode === "fail") utterance.onerror?.({ error: "synthesis-failed" });
            else utterance.onend?.();
          }, 10),
        );
      },
      // No installed voices: the page's language tag alone picks the voice.
      getVoices() {
        return [];
      },
      cancel() {
        state.cancels += 1;
        for (const timer of timers) window.clearTimeout(timer);
        timers = [];
      },
    };
    class FakeUtterance {
      text: string;
      lang = "";
      onend: (() => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    Object.defineProperty(window, "SpeechSynthesisUtterance", {
      value: FakeUtterance,
      configurable: true,
    });
  }, mode);
}

function speech(page: Page) {
  return page.evaluate(
    () => (window as unknown as { __speech: { spoken: string[]; cancels: number } }).__speech,
  );
}

test.describe("text-to-speech", () => {
  test("reads the visible headings, paragraphs, list items and links, then turns itself off", async ({
    page,
  }) => {
    await stubSpeech(page, "speak");
    await open(page, "/about");
    const heading = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")
      .replace(/\s+/g, " ")
      .trim();
    const panel = await openPanel(page);
    const toggle = setting(panel, "Text-to-speech");
    await toggle.focus();
    await page.keyboard.press("Space");
    // Reading finished: the switch resets by itself.
    await expect(toggle).not.toBeChecked();
    const { spoken } = await speech(page);
    expect(spoken.length).toBeGreaterThan(3);
    for (const sentence of spoken) expect(sentence).toMatch(/[.!?:;…]$/);
    const text = spoken.join(" ");
    expect(text).toContain(heading);
    expect(text).toContain("Privacy Policy."); // a footer link
    expect(text).not.toContain("Skip to main content"); // parked off the page
    expect(text).not.toContain("Customize your browsing experience"); // the panel itself
    expect((await storedSettings(page)).textToSpeech).toBe(false);
  });

  test("turning it off stops the speech", async ({ page }) => {
    await stubSpeech(page, "hold");
    await open(page, "/about");
    const panel = await openPanel(page);
    const toggle = setting(panel, "Text-to-speech");
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect.poll(async () => (await speech(page)).spoken.length).toBeGreaterThan(0);
    const before = (await speech(page)).cancels;
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    expect((await speech(page)).cancels).toBeGreaterThan(before);
  });

  test("a speech error shows the message and resets the switch", async ({ page }) => {
    await stubSpeech(page, "fail");
    await open(page, "/about");
    const panel = await openPanel(page);
    const toggle = setting(panel, "Text-to-speech");
    await toggle.click();
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Text-to-speech failed. Please try again." });
    await expect(toast).toBeVisible();
    await expect(toggle).not.toBeChecked();
    // Shown inside the open panel, the only part of the page that is not inert, and on top once
    // it has slid in (while it slides, its middle can still be below the window's edge).
    expect(
      await panel.evaluate((node, shown) => node.contains(shown), await toast.elementHandle()),
    ).toBe(true);
    await expect
      .poll(() =>
        toast.evaluate((node) => {
          const box = node.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top !== null && node.contains(top);
        }),
      )
      .toBe(true);
  });

  test("no speech support shows the message and resets the switch", async ({ page }) => {
    await stubSpeech(page, "unsupported");
    await open(page, "/about");
    const panel = await openPanel(page);
    const toggle = setting(panel, "Text-to-speech");
    await toggle.click();
    await expect(page.getByText("Text-to-speech is not supported in your browser")).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });

  test("a page without readable text shows the message", async ({ page }) => {
    await stubSpeech(page, "speak");
    await open(page, "/about");
    const panel = await openPanel(page);
    // Hide everything readable behind the panel.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>(
        "h1, h2, h3, h4, h5, h6, p, li, a",
      )) {
        if (!element.closest("dialog")) element.style.display = "none";
      }
    });
    const toggle = setting(panel, "Text-to-speech");
    await toggle.click();
    await expect(page.getByText("No readable text found on the page")).toBeVisible();
    expect((await speech(page)).spoken).toEqual([]);
    // Only the other two errors reset the switch (docs/decisions/032-accessibility-modes.md).
    await expect(toggle).toBeChecked();
  });
});

test.describe("toasts", () => {
  test("are announced through a live region and stay long enough to read", async ({ page }) => {
    await stubSpeech(page, "unsupported");
    await open(page, "/about");
    const panel = await openPanel(page);
    await setting(panel, "Text-to-speech").click();
    const region = page.locator("section[aria-live]");
    await expect(region).toHaveAttribute("aria-live", "polite");
    await expect(region).toContainText("Text-to-speech is not supported in your browser");
    await page.waitForTimeout(7_000);
    await expect(region).toContainText("Text-to-speech is not supported in your browser");
  });
});

test.describe("keyboard only", () => {
  test("the skip link is first, visible on focus, and jumps past the navigation", async ({
    page,
  }) => {
    await open(page, "/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main-content$/);
    await page.keyboard.press("Tab");
    const afterSkip = await page.evaluate(() => {
      const main = document.getElementById("main-content")!;
      const active = document.activeElement!;
      return (
        main.contains(active) ||
        Boolean(main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect(afterSkip).toBe(true);
  });

  test("the mobile menu opens, is walked and closes by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "/about");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
    await toggle.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();

    // Escape closes it and focus returns to the menu toggle.
    await page.keyboard.press("Escape");
    await expect(toggle).toBeFocused();
    await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();

    // Open again, tab to a link and follow it.
    await page.keyboard.press("Enter");
    const links: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press("Tab");
      const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      links.push(name);
      if (name === "Contact") break;
    }
    expect(links).toEqual(expect.arrayContaining(["Home", "About", "Resources", "Contact"]));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("without JavaScript the mobile menu shows its links", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/about");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }),
    ).toBeVisible();
    await context.close();
  });

  test("the panel: slider by arrow keys, switches by Space, Escape closes", async ({ page }) => {
    await open(page, "/about");
    const button = page.getByRole("button", { name: "Accessibility settings" });
    await button.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Accessibility Settings" });
    await expect(panel).toBeVisible();

    // Tab to the slider, then through every switch in order.
    const slider = panel.getByRole("slider", { name: "Text size" });
    while (!(await slider.evaluate((node) => node === document.activeElement))) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("125");
    for (const name of ["High contrast", "Dyslexia-friendly font", "Pause animations"]) {
      const toggle = setting(panel, name);
      while (!(await toggle.evaluate((node) => node === document.activeElement))) {
        await page.keyboard.press("Tab");
      }
      await page.keyboard.press("Space");
      await expect(toggle).toBeChecked();
    }
    await expect(page.locator("html")).toHaveClass(/high-contrast/);
    await expect(page.locator("html")).toHaveClass(/dyslexia-font/);
    await expect(page.locator("html")).toHaveClass(/pause-animations/);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });
});
