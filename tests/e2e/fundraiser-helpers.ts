/** Helpers of the fundraiser specs (docs/decisions/221-fundraisers.md). */
import type { Browser, Page } from "@playwright/test";
import { axeViolations, expect } from "./fixtures";

export async function withoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

/** axe runs in the page, so a page with scripts visits `path` for it, in both themes. */
export async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  for (const highContrast of [false, true]) {
    await page.evaluate((on) => {
      if (on) window.localStorage.setItem("accessibilitySettings", '{"highContrast":true}');
      else window.localStorage.removeItem("accessibilitySettings");
    }, highContrast);
    await page.reload();
    const theme = highContrast ? "high contrast" : "default";
    expect
      .soft(await axeViolations(page, { enhancedContrast: highContrast }), `${path}: axe, ${theme}`)
      .toEqual([]);
  }
}
