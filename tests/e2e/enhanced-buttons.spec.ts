import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/*
 * The mobile menu's toggle and the landing page's 'DONATE NOW' are links in the HTML, and buttons
 * once the scripts run and they open something on the page
 * (docs/decisions/214-enhanced-controls-are-buttons.md): assistive technology announces a button,
 * Space and Enter press it. Without scripts they stay links that work by navigation.
 */

test.use({ viewport: { width: 375, height: 800 } });

/** The tag of the element behind a locator, and the role attribute it carries. */
async function tagAndRole(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluate((element) => ({ tag: element.tagName, role: element.getAttribute("role") }));
}

test.describe("with JavaScript", () => {
  test("the menu toggle is a button: Space and Enter open and close it, aria-expanded follows", async ({
    page,
  }) => {
    await page.goto("/about");
    await hydrated(page);
    const menu = page.getByRole("navigation", { name: "Main" });
    const contact = menu.getByRole("link", { name: "Contact" });
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "site-menu");
    await expect(page.getByRole("link", { name: /(Open|Close) menu/ })).toHaveCount(0);
    await expect(contact).toBeHidden();

    await toggle.focus();
    await page.keyboard.press("Space");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(contact).toBeVisible();
    // Space pressed the button: it did not scroll the page, and the address did not change.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe("");

    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(contact).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(contact).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(contact).toBeHidden();
    expect(new URL(page.url()).pathname).toBe("/about");
  });

  test("'DONATE NOW' is a button: Space and Enter open the donation dialog", async ({ page }) => {
    await page.goto("/home");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "DONATE NOW", exact: true });
    await expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
    await expect(page.getByRole("link", { name: "DONATE NOW", exact: true })).toHaveCount(0);
    const dialog = page.getByRole("dialog", { name: "Give Today" });

    await trigger.focus();
    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu toggle is a link to the menu, followed by the browser", async ({ page }) => {
    await page.goto("/about");
    expect(await tagAndRole(page, ".nav-toggle")).toEqual({ tag: "A", role: null });
    await expect(page.getByRole("button", { name: /(Open|Close) menu/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/\/about#site-menu$/);
    const menu = page.getByRole("navigation", { name: "Main" });
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("'DONATE NOW' stays a link to /donate; the panel is shown inline instead", async ({
    page,
  }) => {
    await page.goto("/home");
    // The page shows the panel itself at every width without JavaScript (its <noscript> rule).
    expect(await tagAndRole(page, ".donate-mobile-trigger")).toEqual({ tag: "A", role: null });
    await expect(page.locator(".donate-mobile-trigger")).toHaveAttribute("href", "/donate");
    await expect(page.getByRole("button", { name: "DONATE NOW", exact: true })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Donation" })).toBeVisible();
  });
});

test.describe("when the scripts never arrive", () => {
  // The page's scripts fail to load: JavaScript is on, so <noscript> does not apply, and every
  // control must still work as HTML. The offline finder's worker would fetch them itself.
  test.use({ serviceWorkers: "block" });
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  });

  test("the menu toggle opens the menu as a link", async ({ page }) => {
    await page.goto("/about", { waitUntil: "load" });
    const about = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" });
    await expect(about).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/\/about#site-menu$/);
    await expect(about).toBeVisible();
    expect(await tagAndRole(page, ".nav-toggle")).toEqual({ tag: "A", role: null });
  });

  test("'DONATE NOW' leads to the donation page as a link", async ({ page }) => {
    await page.goto("/home", { waitUntil: "load" });
    await expect(page.getByRole("button", { name: "DONATE NOW", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "DONATE NOW", exact: true }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole("radio", { name: "Monthly" })).toBeVisible();
  });
});
