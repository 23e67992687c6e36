import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { E2E_DATA_DIR, FIND_HELP_NOW } from "../../playwright.config";
import { axeViolations, expect, linkFromMail, test, uniqueEmail } from "./fixtures";
import { signInAsAdmin, toast } from "./services-helpers";

/*
 * Beds tonight (docs/decisions/227-beds-tonight.md, 228-bed-update-links.md): staff add
 * a count to the sample shelter and send its update link; on a phone-width page without
 * JavaScript the count goes to 3; the cached /find-help shows it within seconds; once the counts'
 * clock is past the count's window, the finder and the service's page say to call; the page is
 * checked by axe in both languages and both themes. The counts' clock is moved by writing the file
 * the e2e server reads (COUNTS_CLOCK_FILE, docs/decisions/250-the-counts-clock-in-tests.md), so the
 * tests run in order and put the clock back at the end.
 */
test.describe.configure({ mode: "serial" });

const CLOCK_FILE = path.join(E2E_DATA_DIR, "counts-clock");
test.afterAll(() => rm(CLOCK_FILE, { force: true }));
const SHELTER = "Night shelter (sample)";

test("staff send the sample shelter's link; without JavaScript, at phone width, the count goes to 3 and the finder shows it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto(`/admin/services?q=${encodeURIComponent(SHELTER)}`);
  await staff.getByRole("link", { name: `Places and update link ${SHELTER}` }).click();
  await expect(staff.getByRole("heading", { name: `Places tonight: ${SHELTER}` })).toBeVisible();
  await staff.getByLabel("Unit").selectOption("bed");
  await staff.getByLabel("Maximum (optional)").fill("40");
  await staff.getByLabel("Available now").fill("10");
  await staff.getByRole("button", { name: "Add count" }).click();
  await expect(toast(staff, "Count added")).toBeVisible();

  const to = uniqueEmail("shelter");
  await staff.getByLabel("Send to (e-mail)").fill(to);
  await staff.getByRole("button", { name: "Send the link" }).click();
  await expect(toast(staff, "Update link sent")).toBeVisible();
  const link = await linkFromMail(to, `Your update link for ${SHELTER}`, "/beds/update");

  // The finder page, cached before the change.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto("/find-help");
  const card = visitor.getByRole("listitem").filter({ hasText: SHELTER });
  await expect(card).toContainText("10 beds available (updated just now)");

  const phone = await (
    await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  ).newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Update places available");
  await expect(phone.getByText("Last changed by staff")).toBeVisible();
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.getByLabel("Number available").fill("3");
  await phone.getByRole("button", { name: "Save" }).click();
  await expect(phone.getByText("Now: 3 beds available (updated just now)")).toBeVisible();
  await expect(phone.getByText("Last changed through the update link")).toBeVisible();

  // Above the maximum the browser itself refuses it (the server's refusal: tests/integration/beds.test.ts).
  await phone.getByLabel("Number available").fill("41");
  await phone.getByRole("button", { name: "Save" }).click();
  expect(
    await phone
      .getByLabel("Number available")
      .evaluate((field: HTMLInputElement) => field.validity.rangeOverflow),
  ).toBe(true);
  await expect(phone.getByText("Now: 3 beds available")).toBeVisible();

  // The change drops the cached finder page before the update link's answer is sent, so the very
  // next load shows it (a poll's few seconds were spent by one slow load on a busy host).
  await visitor.goto("/find-help");
  await expect(card).toContainText("3 beds available (updated just now)");

  // The count was dated by the finder's clock (FIND_HELP_NOW). Past its 6-hour window the number is no longer shown: the cached finder page is dropped and
  // both it and the service's page say to call.
  await writeFile(
    CLOCK_FILE,
    new Date(Date.parse(FIND_HELP_NOW) + 6 * 3600_000 + 60_000).toISOString(),
  );
  await expect
    .poll(
      async () => {
        await visitor.goto("/find-help");
        return card.textContent();
      },
      // The server reads the clock file every 250 ms; the rest is page loads on a busy host.
      { timeout: 30_000 },
    )
    .toContain("Call to check beds");
  await expect(card).not.toContainText("beds available");
  await card.getByRole("link", { name: SHELTER }).first().click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(SHELTER);
  await expect(visitor.getByText("Call to check beds")).toBeVisible();
  await expect(visitor.getByText("3 beds available")).toHaveCount(0);
  await rm(CLOCK_FILE, { force: true });

  // Rotated by staff: the old link answers a clear page.
  await staff.getByRole("button", { name: "Make a new link (the old one stops working)" }).click();
  await expect(toast(staff, "New update link made")).toBeVisible();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(
    "This update link no longer works",
  );
  for (const context of [staff, visitor, phone]) await context.context().close();
});

test("the update page has no axe findings in both languages and both themes", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto(`/admin/services?q=${encodeURIComponent("Freeze warming center (sample)")}`);
  await staff
    .getByRole("link", { name: "Places and update link Freeze warming center (sample)" })
    .click();
  await staff.getByLabel("Unit").selectOption("mat");
  await staff.getByLabel("For whom (optional, e.g. Women)").fill("Overflow");
  await staff.getByLabel("Available now").fill("0");
  await staff.getByRole("button", { name: "Add count" }).click();
  await expect(toast(staff, "Count added")).toBeVisible();
  const to = uniqueEmail("warming");
  await staff.getByLabel("Send to (e-mail)").fill(to);
  await staff.getByLabel("Language of the e-mail and the page").selectOption("es");
  await staff.getByRole("button", { name: "Send the link" }).click();
  await expect(toast(staff, "Update link sent")).toBeVisible();
  // The Spanish subject is MIME-encoded: found by its recipient alone.
  const link = await linkFromMail(to, "", "/es/beds/update");
  expect(await axeViolations(staff)).toEqual([]);

  const page = await (await browser.newContext()).newPage();
  for (const path of [link, link.replace("/es/beds/", "/beds/")]) {
    for (const highContrast of [false, true]) {
      await page.goto(path);
      await page.evaluate((on) => {
        if (on)
          localStorage.setItem("accessibilitySettings", JSON.stringify({ highContrast: true }));
        else localStorage.removeItem("accessibilitySettings");
      }, highContrast);
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(await axeViolations(page, { enhancedContrast: highContrast }), path).toEqual([]);
    }
  }
  await page.goto(link);
  await expect(page.getByText("Ahora: Lleno esta noche")).toBeVisible();
  await staff.context().close();
  await page.context().close();
});
