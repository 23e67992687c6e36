import { axeViolations, expect, outbox, test, uniqueEmail } from "./fixtures";
import { signInAsAdmin, toast } from "./services-helpers";

/*
 * Reports of wrong listings (docs/decisions/245-listing-reports.md,
 * 246-listing-reports-queue.md): a visitor on a phone-width page without JavaScript reports a wrong
 * phone in Spanish; staff dismiss it from the queue; the reporter's e-mail, in Spanish, is in the
 * outbox. With JavaScript the form waits for the proof of work
 * (docs/decisions/251-proof-of-work-on-listing-reports.md). The report page is checked by axe in both languages and both themes.
 */
const SHELTER_ES = "Albergue nocturno (ejemplo)";

test("a wrong phone reported in Spanish without JavaScript at phone width; staff resolve it; the reporter hears back", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const phone = await (
    await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  ).newPage();
  await phone.goto("/es/find-help");
  await phone.getByRole("link", { name: SHELTER_ES }).first().click();
  await phone.getByRole("link", { name: "Informar de un problema con este servicio" }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(
    "Informar de un problema con este servicio",
  );
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const email = uniqueEmail("reporter");
  const note = `El número es de un fax ${Date.now()}`;
  await phone.getByLabel("Teléfono incorrecto").check();
  await phone.getByLabel("Algo más que debamos saber (opcional)").fill(note);
  await phone.getByLabel("Su correo electrónico (opcional)").fill(email);
  await phone.getByRole("button", { name: "Enviar informe" }).click();
  await expect(toast(phone, "Gracias")).toBeVisible();
  await expect(phone).toHaveURL(/\/es\/find-help\/[^/]+$/);

  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/services");
  await staff.getByRole("link", { name: "Reports of wrong listings" }).click();
  const item = staff.getByRole("listitem").filter({ hasText: note });
  await expect(item).toContainText("Wrong phone number");
  await item.getByRole("button", { name: "Dismiss" }).click();
  await expect(toast(staff, "Dismissed")).toBeVisible();
  await expect(staff.getByRole("listitem").filter({ hasText: note })).toHaveCount(0);

  await expect
    .poll(async () =>
      (await outbox()).some(
        (raw) => raw.includes(`To: ${email}`) && raw.includes("Subject: Gracias por su informe"),
      ),
    )
    .toBe(true);
});

test("with JavaScript the report waits for the proof of work, then is sent", async ({ page }) => {
  await page.goto("/find-help");
  await page.getByRole("link", { name: "Night shelter (sample)" }).first().click();
  await page.getByRole("link", { name: "Report a problem with this listing" }).click();
  await page.getByLabel("Wrong hours").check();
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().includes("/report"),
  );
  await page.getByRole("button", { name: "Send report" }).click();
  // Sent with the solved challenge; the server refuses a forged one (tests/integration/listing-reports.test.ts).
  expect((await posted).postData()).toMatch(/(^|&)altcha=[^&]+/);
  await expect(toast(page, "Thank you")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/find-help\/[^/]+$/);
});

test("the report page and the queue have no axe findings in both languages and both themes", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await (await browser.newContext()).newPage();
  for (const locale of ["", "/es"]) {
    await page.goto(`${locale}/find-help`);
    const href = await page
      .getByRole("link", { name: locale ? SHELTER_ES : "Night shelter (sample)" })
      .first()
      .getAttribute("href");
    for (const highContrast of [false, true]) {
      await page.goto(`${href}/report`);
      await page.evaluate((on) => {
        if (on)
          localStorage.setItem("accessibilitySettings", JSON.stringify({ highContrast: true }));
        else localStorage.removeItem("accessibilitySettings");
      }, highContrast);
      await page.reload();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page, { enhancedContrast: highContrast }), href!).toEqual([]);
    }
  }
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/services/reports");
  expect(await axeViolations(staff)).toEqual([]);
  await staff.context().close();
  await page.context().close();
});
