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

  test("gets no decorative picture on any page: none in the HTML, none downloaded", async ({
    page,
  }) => {
    // docs/decisions/215-low-data-pages-without-decorative-images.md
    const images: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === "image" && url.protocol.startsWith("http")) {
        images.push(url.pathname);
      }
    });
    for (const path of ["/about", "/es/about", "/home", "/contact", "/volunteer", "/find-help"]) {
      // Twice: the page rendered, then the page cache's own Save-Data copy.
      for (const visit of ["rendered", "cached"]) {
        const response = await page.goto(path, { waitUntil: "load" });
        expect(response?.headers().vary, path).toContain("Save-Data");
        await expect(page.locator("html"), `${path} ${visit}`).toHaveClass(/low-data/);
        await expect(page.locator('img[alt=""]'), `${path} ${visit}`).toHaveCount(0);
      }
    }
    expect(images.filter((image) => !image.startsWith("/icons/"))).toEqual([]);
  });
});

test("without Save-Data, /about shows its decorative picture of the founder", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator('img[src="/images/founder.svg"][alt=""]')).toHaveCount(1);
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
