/**
 * Staff steps the finder's end-to-end tests share: signing in as the e2e server's admin and adding
 * a service through the Services tab's form, as a person does (app/features/services/admin/).
 */
import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import { expect } from "./fixtures";

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export interface NewService {
  name: string;
  nameEs?: string;
  category: string;
  description: string;
  eligibility?: string;
  organization: string;
  address1: string;
  postalCode: string;
  latitude?: string;
  longitude?: string;
  phone?: string;
  openings: { days: string[]; opensAt: string; closesAt: string }[];
}

/** A toast with this title: sonner's with JavaScript, the server-rendered one without. */
export const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast], .static-toast").filter({ hasText: title });

export async function signInAsAdmin(page: Page) {
  const { env } = config.webServer as { env: Record<string, string> };
  await page.goto("/login");
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Email").fill(env.ADMIN_EMAIL!);
  await form.getByLabel("Password").fill(env.ADMIN_PASSWORD!);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** Fills /admin/services/new and saves; the toast says it is saved. */
export async function addService(page: Page, service: NewService) {
  await page.goto("/admin/services/new");
  await page.getByLabel("Name", { exact: true }).fill(service.name);
  if (service.nameEs) await page.getByLabel("Name in Spanish (optional)").fill(service.nameEs);
  await page.getByLabel("Description", { exact: true }).fill(service.description);
  if (service.eligibility) {
    await page.getByLabel("Who can come (optional)").fill(service.eligibility);
  }
  await page.getByLabel("Category").selectOption({ label: service.category });
  await page.getByLabel("Organization").fill(service.organization);
  await page.getByLabel("Street address").fill(service.address1);
  await page.getByLabel("ZIP code").fill(service.postalCode);
  if (service.latitude) await page.getByLabel("Latitude (optional)").fill(service.latitude);
  if (service.longitude) await page.getByLabel("Longitude (optional)").fill(service.longitude);
  if (service.phone) await page.getByLabel("Phone 1 number").fill(service.phone);
  for (const [index, opening] of service.openings.entries()) {
    const row = page.getByRole("group", { name: `Opening ${index + 1}`, exact: true });
    for (const day of opening.days) await row.getByLabel(day).check();
    await page.getByLabel(`Opening ${index + 1} opens at`).fill(opening.opensAt);
    await page.getByLabel(`Opening ${index + 1} closes at`).fill(opening.closesAt);
  }
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);
  await expect(toast(page, "Service saved")).toBeVisible();
}
