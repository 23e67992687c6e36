import { axeViolations, expect, test } from "./fixtures";
import { addService, DAYS, signInAsAdmin, toast } from "./services-helpers";

/*
 * The dashboard's Services tab (docs/decisions/170-the-finder-page.md): staff add a service with overnight hours and the public
 * finder lists it as open at night at once (the e2e server's finder clock is 11:30 pm on a
 * Wednesday in Houston: playwright.config.ts); mark verified, deactivate, a refused upload; with
 * and without JavaScript.
 */

for (const javaScriptEnabled of [true, false]) {
  test(`staff add a service with overnight hours and see it open at night, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const name = `Overnight Warming ${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
    const staff = await (await browser.newContext({ javaScriptEnabled })).newPage();
    await signInAsAdmin(staff);
    await addService(staff, {
      name,
      category: "Warming center",
      description: "Open through freezing nights.",
      organization: "City of Houston",
      address1: "600 Jefferson St",
      postalCode: "77002",
      phone: "713-555-0199",
      openings: [{ days: DAYS, opensAt: "20:00", closesAt: "08:00" }],
    });
    const row = staff.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Active");

    const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();
    await visitor.goto(`/find-help?category=warming-center&open=now&q=${encodeURIComponent(name)}`);
    const item = visitor.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("Open now, closes at 8 am");
    await expect(item).toContainText("Not verified yet");

    // Mark verified today (Houston's date by the finder's clock), then deactivate.
    await row.getByRole("button", { name: `Mark verified today ${name}` }).click();
    await expect(toast(staff, "Marked verified today")).toBeVisible();
    await visitor.reload();
    await expect(item).toContainText("Last verified November 25, 2026");

    await staff
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("button", { name: `Deactivate ${name}` })
      .click();
    await expect(toast(staff, "Service deactivated")).toBeVisible();
    await expect(staff.getByRole("row").filter({ hasText: name })).toContainText("Inactive");
    await visitor.reload();
    await expect(visitor.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
    await staff.context().close();
    await visitor.context().close();
  });
}

test("a service the form refuses keeps what was typed and says why", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/services/new");
  // What the browser checks by itself (required fields) is filled; the server finds the rest.
  await page.getByLabel("Name", { exact: true }).fill("Half-filled");
  await page.getByLabel("Description", { exact: true }).fill("Beds.");
  await page.getByLabel("Organization").fill("Test Org");
  await page.getByLabel("Street address").fill("1 Main St");
  await page.getByLabel("ZIP code").fill("770");
  await page.getByLabel("Opening 2 opens at").fill("19:00");
  await page.getByLabel("Opening 2 closes at").fill("07:00");
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(page.getByRole("alert")).toContainText("The service was not saved");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Half-filled");
  await expect(page.getByLabel("ZIP code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("ZIP code")).toHaveValue("770");
  // The opening without days is named in its own row, the second one.
  await expect(page.getByRole("group", { name: "Opening 2", exact: true })).toContainText(
    "Choose at least one day",
  );
  await expect(page.getByLabel("Opening 2 opens at")).toHaveValue("19:00");
});

test("a broken HSDS file is refused with a message and nothing imported", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/services");
  await page.getByLabel("HSDS JSON or CSV files").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from('[{"id": "x", "name": 42}]'),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert")).toContainText("The file was not imported:");
});

test("axe finds nothing on the Services tab and its form, in both themes", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  for (const highContrast of [false, true]) {
    await page.evaluate(
      (value) => {
        if (value) localStorage.setItem("accessibilitySettings", value);
        else localStorage.removeItem("accessibilitySettings");
      },
      highContrast ? JSON.stringify({ highContrast: true }) : null,
    );
    for (const path of ["/admin/services", "/admin/services/new"]) {
      await page.goto(path);
      expect
        .soft(
          await axeViolations(page, { enhancedContrast: highContrast }),
          `${path} ${highContrast}`,
        )
        .toEqual([]);
    }
  }
});
