import { expect, test } from "./fixtures";

test("the about page renders with the shell", async ({ page }) => {
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Accessibility settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back" })).toBeVisible();
});
