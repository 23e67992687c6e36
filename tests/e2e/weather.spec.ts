import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Weather banners end to end (docs/decisions/180-weather-banners.md): staff set one in the
 * dashboard, anonymous visitors see it on every public page in both languages, its link works,
 * axe finds nothing, and ending it removes it at once (cached pages included).
 */

async function signInAsAdmin(page: Page) {
  const { env } = config.webServer as { env: Record<string, string> };
  await page.goto("/login");
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Email").fill(env.ADMIN_EMAIL!);
  await form.getByLabel("Password").fill(env.ADMIN_PASSWORD!);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin/);
}

const houstonTomorrow = () =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Chicago",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(new Date(Date.now() + 24 * 3_600_000))
    .replace(" ", "T");

const MESSAGE = "Freeze tonight: warming centers are open across Houston.";
const MENSAJE = "Helada esta noche: los centros de calentamiento están abiertos en Houston.";

test.describe.configure({ mode: "serial" });

test("staff set a banner; every public page shows it in both languages with a working link, then it ends", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/weather");
  const form = page.getByRole("region", { name: "Set a weather banner" });
  await form.getByLabel("Kind").selectOption("freeze");
  await form.getByLabel("Message in English").fill(MESSAGE);
  await form.getByLabel("Message in Spanish").fill(MENSAJE);
  await form.getByLabel("End").fill(houstonTomorrow());
  await form.getByRole("button", { name: "Save banner" }).click();
  await expect(page.getByText("Banner saved")).toBeVisible();
  await expect(page.getByRole("cell", { name: /Freeze tonight/ })).toBeVisible();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  for (const path of ["/", "/about", "/contact", "/resources", "/donate", "/privacy", "/launch"]) {
    await anonymous.goto(path);
    const banner = anonymous.getByRole("region", { name: "Cold weather alert" });
    await expect(banner, path).toContainText(MESSAGE);
    await expect(
      banner.getByRole("link", { name: "Find a warming center open now" }),
    ).toHaveAttribute("href", "/find-help?category=warming-center&open=now");
  }
  for (const path of ["/es", "/es/about", "/es/donate"]) {
    await anonymous.goto(path);
    const banner = anonymous.getByRole("region", { name: "Alerta de frío" });
    await expect(banner, path).toContainText(MENSAJE);
  }
  await anonymous.goto("/about");
  await expectNoAxeViolations(anonymous);
  await anonymous.goto("/es/about");
  await expectNoAxeViolations(anonymous);
  const esLink = anonymous.getByRole("link", {
    name: "Busque un centro de calentamiento abierto ahora",
  });
  await expect(esLink).toHaveAttribute("href", "/es/find-help?category=warming-center&open=now");
  await anonymous.goto("/about");
  await anonymous.getByRole("link", { name: "Find a warming center open now" }).click();
  await expect(anonymous).toHaveURL(/\/find-help\?category=warming-center&open=now$/);
  await expect(anonymous.getByRole("heading", { level: 1 })).toBeVisible();

  // The dashboard shows no banner.
  await expect(page.getByRole("region", { name: "Cold weather alert" })).toHaveCount(0);
  await page.getByRole("button", { name: "End now the freeze banner" }).click();
  await expect(page.getByText("Banner ended")).toBeVisible();
  for (const path of ["/about", "/es/about"]) {
    await anonymous.goto(path);
    await expect(anonymous.getByText(MESSAGE)).toHaveCount(0);
    await expect(anonymous.getByText(MENSAJE)).toHaveCount(0);
  }
  await visitor.close();
});
