/**
 * Pages staff write (issue 60, docs/decisions/281-pages-drafts-and-publishing.md to 284): staff write
 * /our-work in English with a heading, a list, a link and an image with its alternative text; the
 * anonymous page still shows the placeholder; the preview shows the draft; published, a visitor
 * without scripts sees it; /es/our-work shows it under the notice until the Spanish is published;
 * the sitemap lists both; axe finds nothing on the editor and the page, in both themes.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations, expect, hydrated, test } from "./fixtures";
import { signInAsAdmin } from "./services-helpers";

test.describe.configure({ mode: "serial" });

/** axe on `path` in the default and the high-contrast theme. */
async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  for (const highContrast of [false, true]) {
    await page.evaluate((on) => {
      if (on) window.localStorage.setItem("accessibilitySettings", '{"highContrast":true}');
      else window.localStorage.removeItem("accessibilitySettings");
    }, highContrast);
    await page.reload();
    await hydrated(page);
    const theme = highContrast ? "high contrast" : "default";
    expect
      .soft(await axeViolations(page, { enhancedContrast: highContrast }), `${path}: axe, ${theme}`)
      .toEqual([]);
  }
}

async function withoutScripts(browser: Browser, from?: BrowserContext) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: from ? await from.storageState() : undefined,
  });
  return { context, page: await context.newPage() };
}

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, marks });

function englishBody(image: { src: string; alt: string }) {
  return JSON.stringify({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [text("Our programs")] },
      {
        type: "bulletList",
        content: ["Housing", "Jobs"].map((item) => ({
          type: "listItem",
          content: [{ type: "paragraph", content: [text(item)] }],
        })),
      },
      {
        type: "paragraph",
        content: [
          text("Read our "),
          text("annual report", [{ type: "link", attrs: { href: "https://example.org/report" } }]),
          text("."),
        ],
      },
      { type: "image", attrs: image },
    ],
  });
}

test("staff write /our-work, preview and publish it; visitors see it in English, then in Spanish", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/pages");
  await page.getByRole("button", { name: "Write /our-work" }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/[0-9a-f-]{36}\/en$/);
  const editorUrl = page.url();

  // The editor, with TipTap loaded, passes axe in both themes.
  await expectNoViolations(page, editorUrl);
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();

  // Written without scripts: the image uploaded, then the body as JSON.
  const staff = await withoutScripts(browser, page.context());
  await staff.page.goto(editorUrl);
  const png = await sharp({
    create: { width: 64, height: 40, channels: 3, background: "#336699" },
  })
    .png()
    .toBuffer();
  await staff.page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "lunch.png", mimeType: "image/png", buffer: png });
  await staff.page.getByLabel("Alternative text").fill("Volunteers serving lunch");
  await staff.page.getByRole("button", { name: "Upload image" }).click();
  const snippet = await staff.page
    .locator("code", { hasText: "/page-images/" })
    .first()
    .textContent();
  const image = JSON.parse(snippet ?? "{}").attrs as { src: string; alt: string };
  expect(image.alt).toBe("Volunteers serving lunch");

  await staff.page.goto(editorUrl);
  await staff.page.getByLabel("Title").fill("Our work in Houston");
  await staff.page.getByLabel("Summary (search results and share cards)").fill("What we do.");
  await staff.page.getByLabel("Body (rich text as JSON)").fill(englishBody(image));
  await staff.page.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.page.getByText("Draft saved", { exact: true })).toBeVisible();

  // Visitors still see the placeholder.
  const visitor = await withoutScripts(browser);
  await visitor.page.goto("/our-work");
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Our Work");

  // The preview shows the draft.
  await staff.page.goto(`${editorUrl}/preview`);
  await expect(staff.page.getByRole("heading", { name: "Our work in Houston" })).toBeVisible();
  await expect(staff.page.getByRole("heading", { name: "Our programs" })).toBeVisible();

  await staff.page.goto(editorUrl);
  await staff.page.getByRole("button", { name: "Publish English" }).click();
  await expect(staff.page.getByText(/^Published \w{3} \d/)).toBeVisible();

  // The visitor, without scripts, sees the published page.
  await visitor.page.goto("/our-work");
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Our work in Houston");
  await expect(visitor.page.getByRole("heading", { level: 2, name: "Our programs" })).toBeVisible();
  await expect(visitor.page.getByRole("listitem").filter({ hasText: "Housing" })).toBeVisible();
  await expect(visitor.page.getByRole("link", { name: "annual report" })).toHaveAttribute(
    "href",
    "https://example.org/report",
  );
  await expect(visitor.page.getByRole("img", { name: "Volunteers serving lunch" })).toBeVisible();

  // Spanish: the English page under the notice, until the Spanish is published.
  await visitor.page.goto("/es/our-work");
  await expect(visitor.page.getByRole("note")).toContainText(
    "Esta página todavía no se ha traducido al español",
  );
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Our work in Houston");
  await expect(visitor.page.locator('link[hreflang="es"]')).toHaveCount(0);

  await staff.page.goto(editorUrl.replace(/\/en$/, "/es"));
  await staff.page.getByLabel("Title").fill("Nuestro trabajo en Houston");
  await staff.page.getByLabel("Body (rich text as JSON)").fill(
    englishBody({ ...image, alt: "Voluntarios sirviendo el almuerzo" })
      .replace("Our programs", "Nuestros programas")
      .replace("Read our ", "Lea nuestro ")
      .replace("annual report", "informe anual"),
  );
  await staff.page.getByRole("button", { name: "Publish Spanish" }).click();
  await expect(staff.page.getByText(/^Published \w{3} \d/)).toBeVisible();

  await visitor.page.goto("/es/our-work");
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(
    "Nuestro trabajo en Houston",
  );
  await expect(visitor.page.getByRole("note")).toHaveCount(0);
  await expect(visitor.page.locator('link[hreflang="es"]')).toHaveCount(1);

  const sitemap = await (await visitor.page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/our-work</loc>");
  expect(sitemap).toContain("/es/our-work</loc>");

  await staff.context.close();
  await visitor.context.close();

  // axe on the published pages, both themes, both languages.
  const reader = await browser.newPage();
  await expectNoViolations(reader, "/our-work");
  await expectNoViolations(reader, "/es/our-work");
  await reader.close();
});
