import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import config from "../../playwright.config";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Every page route in app/routes.ts, as a path to visit. Resource routes (.ts modules: API,
 * exports, logout) have no page; routes with parameters need data and are left out.
 */
function pagePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const own =
      entry.file.endsWith(".tsx") && !path.includes(":") && !entry.path?.includes(":")
        ? [path.replace(/\/\*$/, "/this-page-does-not-exist") || "/"]
        : [];
    return [...own, ...pagePaths(entry.children ?? [], path)];
  });
}

const paths = [...new Set(pagePaths(routes))].filter((path) => !path.includes("*"));
const adminPaths = paths.filter((path) => path === "/admin" || path.startsWith("/admin/"));

const widths = [375, 1280] as const;
const themes = {
  default: null,
  "high contrast": { highContrast: true },
} as const;

async function visit(page: Page, path: string, settings: object | null, width: number) {
  await page.setViewportSize({ width, height: 900 });
  if (settings) {
    await page.addInitScript((stored) => {
      window.localStorage.setItem("accessibilitySettings", stored);
    }, JSON.stringify(settings));
  }
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

/** Signs in as the e2e server's admin (ADMIN_EMAIL/ADMIN_PASSWORD in playwright.config.ts). */
async function signInAsAdmin(page: Page) {
  const { env } = config.webServer as { env: Record<string, string> };
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    headers: { origin: env.PUBLIC_URL },
  });
  expect(response.ok(), "admin sign-in").toBe(true);
}

test("the sweep covers the pages of app/routes.ts", () => {
  expect(paths).toEqual(expect.arrayContaining(["/", "/home", "/launch", "/login", "/admin"]));
  expect(paths).toContain("/this-page-does-not-exist");
  expect(paths).toContain("/newsletter");
});

for (const [theme, settings] of Object.entries(themes)) {
  for (const width of widths) {
    test.describe(`axe, ${theme} theme, ${width}px`, () => {
      for (const path of paths) {
        test(`${path} (anonymous)`, async ({ page }) => {
          await visit(page, path, settings, width);
          if (settings) await expect(page.locator("html")).toHaveClass(/high-contrast/);
          await expectNoAxeViolations(page, { enhancedContrast: settings !== null });
        });
      }
      for (const path of adminPaths) {
        test(`${path} (signed-in admin)`, async ({ page }) => {
          await signInAsAdmin(page);
          await visit(page, path, settings, width);
          await expect(page).toHaveURL(new RegExp(`${path}$`));
          await expectNoAxeViolations(page, { enhancedContrast: settings !== null });
        });
      }
    });
  }
}

test.describe("reflow at 200% text on a 320px screen", () => {
  for (const path of paths) {
    test(path, async ({ page }) => {
      await visit(page, path, { fontSize: 200 }, 320);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, "no horizontal scrolling").toBeLessThanOrEqual(clientWidth);
    });
  }
});
