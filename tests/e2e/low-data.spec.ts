import { expect, hydrated, test } from "./fixtures";

/*
 * Low-data mode (docs/decisions/183-low-data-mode.md): asked for by the browser (Save-Data: on) or
 * by the visitor's switch, pages come without the site's scripts, and still work as HTML.
 */

test.describe("a browser asking to save data", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("gets pages without the site's scripts, which still work", async ({ page }) => {
    await page.goto("/home", { waitUntil: "load" });
    await expect(page.locator("html")).toHaveClass(/low-data/);
    await expect(page.getByText("Your browser asked to save data")).toBeVisible();
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    await expect(page.locator('script[type="text/x-after-paint"]')).toHaveCount(0);
    // A page still works as HTML: the finder's filters are a plain form.
    await page.goto("/find-help", { waitUntil: "load" });
    await page.getByText("Filter services").click();
    await page.getByLabel("Type of help").selectOption("food");
    await page.getByRole("button", { name: "Show services" }).click();
    await expect(page).toHaveURL(/category=food/);
    await expect(page.locator("html")).toHaveClass(/low-data/);
  });
});

test("the visitor's switch turns it on and off", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  await page.getByRole("button", { name: "Accessibility settings" }).click();
  const panel = page.getByRole("dialog", { name: "Accessibility Settings" });
  await panel.getByRole("button", { name: "Turn on save data" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).toHaveClass(/low-data/);
  await expect(page.getByText("Save data is on")).toBeVisible();
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Turn off save data" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).not.toHaveClass(/low-data/);
  await hydrated(page);
});
