import { expect, test } from "./fixtures";
import { signInAsAdmin, toast } from "./services-helpers";

/*
 * The library in Spanish (docs/decisions/170-the-finder-page.md): a Spanish title and description typed in the dashboard show
 * on /es/resources; an item without them shows its English text marked lang="en"
 * (docs/decisions/171-spanish-content-and-english-fallbacks.md).
 */
test("Spanish texts on /es/resources, English fallbacks marked", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const translated = `Food map ${stamp}`;
  const english = `Clinic list ${stamp}`;
  await signInAsAdmin(page);
  await page.goto("/admin/links");
  for (const [title, spanish] of [
    [translated, `Mapa de comida ${stamp}`],
    [english, ""],
  ]) {
    await page.getByLabel(/^Title/).fill(title);
    if (spanish) {
      await page.getByLabel("Spanish title (optional)").fill(spanish);
      await page.getByLabel("Spanish description (optional)").fill("Dónde comer hoy.");
    }
    await page.getByLabel("URL").fill("https://example.org/");
    await page.getByLabel(/^Description/).fill("Where to eat today.");
    await page.getByRole("button", { name: "Add external link" }).click();
    const added = toast(page, "External link added successfully");
    await expect(added).toBeVisible();
    // Closed, so that the second link's toast is not confused with the first's.
    await added.getByRole("button", { name: "Close toast" }).click();
    await expect(added).toHaveCount(0);
    await page.getByRole("button", { name: `Publish ${title}` }).click();
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Published");
  }

  await page.goto(`/es/resources?tab=links&q=${stamp}`);
  await expect(page.getByRole("heading", { name: `Mapa de comida ${stamp}` })).toBeVisible();
  await expect(page.getByText("Dónde comer hoy.")).toBeVisible();
  const fallback = page.getByRole("heading", { name: english });
  await expect(fallback).toHaveAttribute("lang", "en");
  await page.goto(`/resources?tab=links&q=${stamp}`);
  await expect(page.getByRole("heading", { name: translated })).not.toHaveAttribute("lang");
});
