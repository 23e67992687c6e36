import type { Page } from "@playwright/test";
import { expect, holdScripts as holdPageScripts, hydrated, test } from "./fixtures";

/**
 * A cheap phone on a slow network: the page is painted seconds before its scripts have run. Every
 * control must work in that window (a link or a native element that the scripts only enhance), and
 * what the visitor typed must still be there once React takes over.
 */
const HELD_MS = 6_000;

/** Holds the page's scripts back until `release()`, or for HELD_MS at most. */
const holdScripts = (page: Page) => holdPageScripts(page, HELD_MS);

// The scripts are held in the page's own requests, which the offline finder's worker would bypass.
test.use({ serviceWorkers: "block", viewport: { width: 375, height: 800 } });

test("the menu opens before the scripts run, and closes once they have", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
  await expect(about).toBeHidden();
  await page.getByRole("link", { name: "Open menu" }).click();
  await expect(about).toBeVisible();

  release();
  await hydrated(page);
  // React takes the open menu over, and its toggle, a button from then on, closes it.
  await expect(about).toBeVisible();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await close.click();
  await expect(about).toBeHidden();
  expect(new URL(page.url()).hash).toBe("");
});

test("DONATE NOW reaches the donation choices before the scripts run", async ({ page }) => {
  await holdScripts(page);
  await page.goto("/home", { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: "DONATE NOW", exact: true }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole("radio", { name: "$100" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Monthly" })).toBeVisible();
});

test("Upload Document reaches the upload form before the scripts run", async ({ page }) => {
  await holdScripts(page);
  await page.goto("/resources", { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: "Upload Document" }).click();
  await expect(page).toHaveURL(/\/resources\/upload$/);
  await expect(page.getByLabel(/^File/)).toBeVisible();
});

test("what is typed into the donation panel before the scripts run survives them", async ({
  page,
}) => {
  const fieldsCode: string[] = [];
  page.on("requestfinished", (request) => {
    if (/dedication-fields[^/]*\.js$/.test(request.url())) fieldsCode.push(request.url());
  });
  const release = await holdScripts(page);
  await page.goto("/donate", { waitUntil: "domcontentloaded" });
  const amount = page.getByRole("textbox", { name: "Or enter another amount" });
  await page.getByRole("radio", { name: "Monthly" }).check();
  await amount.fill("75");
  await page.getByRole("textbox", { name: "Your name" }).fill("Ana Ruiz");
  await page.getByRole("textbox", { name: "Your email" }).fill("ana@example.org");
  // The dedication's fields, whose code loads only once it is opened
  // (app/features/tributes/components/dedication.tsx).
  await page.getByText("Dedicate this gift").click();
  await page.getByRole("radio", { name: "In memory of" }).check();
  await page.getByRole("textbox", { name: "Their name" }).fill("Rosa Ruiz");

  release();
  await hydrated(page);
  await expect.poll(() => fieldsCode.length).toBe(1);
  await expect(page.getByRole("textbox", { name: "Their name" })).toHaveValue("Rosa Ruiz");
  await expect(page.getByRole("radio", { name: "In memory of" })).toBeChecked();
  await expect(amount).toHaveValue("75");
  await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Your name" })).toHaveValue("Ana Ruiz");
  await expect(page.getByRole("textbox", { name: "Your email" })).toHaveValue("ana@example.org");
  await expect(page.getByRole("button", { name: "Donate $75 monthly" })).toBeVisible();
});
