import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import {
  applySettings,
  axeViolations,
  expect,
  HIGH_CONTRAST,
  NO_TRANSITIONS,
  test,
} from "./fixtures";
import { sweptPaths as paths } from "./swept-pages";

const adminPaths = paths.filter((path) => path === "/admin" || path.startsWith("/admin/"));

/** Signs in through the login form as the e2e server's admin (see playwright.config.ts). */
async function signInAsAdmin(page: Page) {
  const { env } = config.webServer as { env: Record<string, string> };
  await page.goto("/login");
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Email").fill(env.ADMIN_EMAIL!);
  await form.getByLabel("Password").fill(env.ADMIN_PASSWORD!);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/**
 * Checks the path in each configuration, on one load: the default and the high-contrast theme,
 * each at 375 px wide and at 1280 px (the layout follows the width by CSS alone: no script of app/
 * reads it), then 200 % text at 320 px. The settings are classes and a custom property on <html>
 * that CSS alone follows, so setting them on the loaded page shows what a load with them stored
 * shows, without loading the page three times (docs/decisions/258-tests-in-the-headless-shell.md).
 * All findings are reported together (soft assertions).
 */
async function sweep(page: Page, path: string) {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.addStyleTag({ content: NO_TRANSITIONS });
  for (const [theme, settings, widths] of [
    ["default", {}, [375, 1280]],
    ["high contrast", HIGH_CONTRAST, [1280, 375]],
  ] as const) {
    await applySettings(page, settings);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const label = `${path}: axe, ${theme} theme, ${width}px`;
      expect
        .soft(await axeViolations(page, { enhancedContrast: settings === HIGH_CONTRAST }), label)
        .toEqual([]);
    }
  }
  await page.setViewportSize({ width: 320, height: 900 });
  await applySettings(page, { fontSize: 200 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${path}: horizontal scrolling at 200% text, 320px`).toBeLessThanOrEqual(0);
}

test("the sweep covers the pages of app/routes.ts", () => {
  expect(paths).toEqual(expect.arrayContaining(["/", "/home", "/launch", "/login", "/admin"]));
  expect(paths).toContain("/this-page-does-not-exist");
  expect(paths).toContain("/newsletter");
  expect(paths).toContain("/es/newsletter");
});

test("the sweep's scan reports what axe finds, on the page as it is now", async ({ page }) => {
  await page.goto("/about");
  expect(await axeViolations(page)).toEqual([]);
  // Added after the first scan: the scan runs anew on the document as it is, not a cached result.
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.id = "unlabelled-picture";
    image.src = "/images/founder.svg";
    document.querySelector("main")?.append(image);
  });
  expect(await axeViolations(page)).toEqual([
    expect.stringMatching(/^image-alt \(critical\): #unlabelled-picture$/),
  ]);
});

test("the high-contrast scan reports pairs below AA and pairs below AAA", async ({ page }) => {
  await page.goto("/about");
  await page.addStyleTag({ content: NO_TRANSITIONS });
  await applySettings(page, HIGH_CONTRAST);
  expect(await axeViolations(page, { enhancedContrast: true })).toEqual([]);
  // On the theme's black: grey #555 is 2.8:1, below AA (4.5:1); grey #888 is 5.9:1, below AAA
  // (7:1) only. axe's AAA rule leaves the first to the AA rule.
  await page.evaluate(() => {
    for (const [id, color] of [
      ["below-aa", "#555555"],
      ["below-aaa", "#888888"],
    ]) {
      const text = document.createElement("p");
      text.id = id;
      text.textContent = "Faint text";
      text.style.color = color;
      document.querySelector("main")?.prepend(text);
    }
  });
  expect((await axeViolations(page, { enhancedContrast: true })).sort()).toEqual([
    "color-contrast (serious): #below-aa",
    "color-contrast-enhanced (serious): #below-aaa",
  ]);
});

// One page load and four axe runs per test. The sweep checks pages, not the offline worker
// (tests/e2e/offline.spec.ts does): each test's fresh browser would otherwise install it anew.
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: "block" });

test.describe("accessibility sweep, anonymous visitor", () => {
  // Pages that redirect (the dashboard to /login) are scanned where they land.
  for (const path of paths) {
    test(path, async ({ page }) => {
      await sweep(page, path);
    });
  }
});

test.describe("accessibility sweep, signed-in admin", () => {
  for (const path of adminPaths) {
    test(path, async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto(path);
      // Still on the dashboard (/admin opens its first tab), not sent to the login page.
      await expect(page).toHaveURL(/\/admin(\/|$)/);
      await sweep(page, path);
    });
  }
});
