import { writeFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test, throttleUploads } from "./fixtures";

const ADMIN = { email: "admin@example.org", password: "e2e-admin-password-2026" };
const unique = (label: string) =>
  `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

const results = (page: Page, tab: string) => page.getByRole("region", { name: tab });
const tabLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Resource types" }).getByRole("link", { name });

/** A fresh browser context signed in as the e2e administrator (created at start from env). */
async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Login" }) });
  await form.getByLabel("Email").fill(ADMIN.email);
  await form.getByLabel("Password").fill(ADMIN.password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin/);
  return page;
}

test("browsing the library: tabs in the URL, cards, downloads and links", async ({ page }) => {
  await page.goto("/resources");
  await expect(page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
  await expect(tabLink(page, "Documents")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");

  const card = results(page, "Documents")
    .getByRole("listitem")
    .filter({ hasText: "Houston Help Lines - Quick List" });
  await expect(card).toContainText(/TXT · \d+\.\d KB/);
  const download = card.getByRole("link", { name: "Download Houston Help Lines - Quick List" });
  const response = await page.request.get((await download.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await response.text()).toContain("2-1-1");
  await expectNoAxeViolations(page);

  await tabLink(page, "Statistics").click();
  await expect(page).toHaveURL(/\/resources\?tab=statistics$/);
  // Other tests publish statistics too, some without a source link: check one that has one.
  const statistic = results(page, "Statistics")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link") })
    .first();
  await expect(statistic).toContainText("Source:");
  await expect(statistic.getByRole("link").first()).toHaveAttribute("rel", "noopener noreferrer");

  await tabLink(page, "External Links").click();
  await expect(page).toHaveURL(/\/resources\?tab=links$/);
  const lifeline = results(page, "External Links")
    .getByRole("listitem")
    .filter({ hasText: "988 Suicide & Crisis Lifeline" });
  await expect(lifeline).toContainText("Resource");
  const visit = lifeline.getByRole("link", { name: /Visit website/ });
  await expect(visit).toHaveAttribute("target", "_blank");
  await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
  await expectNoAxeViolations(page);

  await page.goBack();
  await expect(page).toHaveURL(/tab=statistics/);
  await expect(tabLink(page, "Statistics")).toHaveAttribute("aria-current", "page");
});

test("searching: the term and tab live in the URL, with the empty texts", async ({ page }) => {
  await page.goto("/resources");
  const search = page.getByRole("searchbox", { name: "Search resources" });
  await search.fill("CHECKLIST");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/resources\?q=CHECKLIST$/);
  const documents = results(page, 'Documents matching "CHECKLIST"');
  await expect(documents.getByRole("listitem")).toHaveCount(1);
  await expect(documents).toContainText("Checklist: Documents to Bring When Applying for Housing");

  await tabLink(page, "Statistics").click();
  await expect(page).toHaveURL(/tab=statistics&q=CHECKLIST/);
  await expect(page.getByText("No statistics found matching your search")).toBeVisible();
  await tabLink(page, "External Links").click();
  await expect(page.getByText("No external links found matching your search")).toBeVisible();

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/resources\?q=CHECKLIST$/);
  // The URL changes at once; the documents tab is back once its data has arrived.
  await expect(documents.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("searchbox", { name: "Search resources" })).toHaveValue("CHECKLIST");

  await search.fill(`100%_\\'"`);
  await search.press("Enter");
  await expect(page.getByText("No documents found matching your search")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/resources$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and the upload page work as plain HTML forms", async ({ page }) => {
    await page.goto("/resources?tab=links");
    await page.getByRole("searchbox", { name: "Search resources" }).fill("food");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/tab=links&q=food/);
    await expect(results(page, 'External Links matching "food"')).toContainText(
      "Houston Food Bank",
    );

    await page.goto("/resources");
    await page.getByRole("link", { name: "Upload Document" }).click();
    await expect(page).toHaveURL(/\/resources\/upload$/);
    await expect(page.getByRole("heading", { level: 1, name: "Upload Document" })).toBeVisible();
    await page.getByLabel(/^File/).setInputFiles({
      name: "shelters.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><body>not a pdf</body></html>"),
    });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(
      page.getByText("The file's content does not match its .pdf extension"),
    ).toBeVisible();

    const title = unique("No-JS upload");
    await page.getByLabel(/^File/).setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Shelter opens at 6 pm."),
    });
    await page.getByLabel("Title (optional)").fill(title);
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page).toHaveURL(/\/resources$/);
    // The flash toast's static copy sits in <noscript>; Chromium with script execution disabled
    // still parses it as text, so its presence in the page is checked rather than its visibility.
    // The URL changes before the new page has been read in full: wait for its content.
    await expect
      .poll(() => page.content())
      .toContain("Document uploaded and pending admin approval");
  });
});

test("uploading in the dialog: required file, too large, wrong type, then success", async ({
  page,
}) => {
  // Several round trips and a 10MB file in the browser: slow on a busy test machine.
  test.setTimeout(240_000);
  await page.goto("/resources");
  await page.getByRole("link", { name: "Upload Document" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Document" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const fileInput = dialog.getByLabel(/^File/);
  const submit = dialog.getByRole("button", { name: "Upload Document" });

  // No file (the form is noValidate, so our check runs, not the browser's).
  await submit.click();
  await expect(page.getByText("Please select a file to upload").first()).toBeVisible();

  await fileInput.setInputFiles({
    name: "big.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
  });
  await submit.click();
  await expect(dialog.getByText("The file is larger than 10MB.")).toBeVisible();

  await fileInput.setInputFiles({
    name: "setup.exe",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("MZ"),
  });
  await submit.click();
  await expect(dialog.getByText("This file type is not accepted.")).toBeVisible();

  // Right extension, wrong content: only the server can tell.
  await fileInput.setInputFiles({
    name: "form.docx",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n"),
  });
  await submit.click();
  await expect(
    dialog.getByText("The file's content does not match its .docx extension"),
  ).toBeVisible();

  const title = unique("Dialog upload");
  await fileInput.setInputFiles({
    name: "hours.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Open 8-5."),
  });
  await dialog.getByLabel("Title (optional)").fill(title);
  await submit.click();
  await expect(
    page.getByText("Document uploaded and pending admin approval").first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("an uploaded document is not listed or downloadable until staff publish it", async ({
  page,
  browser,
}) => {
  const title = unique("Pending guide");
  await page.goto("/resources/upload");
  await page.getByLabel(/^File/).setInputFiles({
    name: "guide.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Where to find a hot meal tonight."),
  });
  await page.getByLabel("Title (optional)").fill(title);
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(
    page.getByText("Document uploaded and pending admin approval").first(),
  ).toBeVisible();

  await page.goto(`/resources?q=${encodeURIComponent(title)}`);
  await expect(page.getByText("No documents found matching your search")).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto("/admin/documents");
  const fileUrl = await admin.getByRole("link", { name: `Download ${title}` }).getAttribute("href");
  expect(fileUrl).toMatch(/^\/files\/[0-9a-f]{32}\.txt$/);
  expect((await page.request.get(fileUrl ?? "")).status()).toBe(404);
  expect((await admin.request.get(fileUrl ?? "")).status()).toBe(200);

  await admin.getByRole("button", { name: `Publish ${title}`, exact: true }).click();
  await expect(
    admin.getByRole("button", { name: `Unpublish ${title}`, exact: true }),
  ).toBeVisible();
  await admin.context().close();

  await page.reload();
  const card = results(page, `Documents matching "${title}"`).getByRole("listitem");
  await expect(card).toHaveCount(1);
  const published = await page.request.get(fileUrl ?? "");
  expect(published.status()).toBe(200);
  expect(await published.text()).toBe("Where to find a hot meal tonight.");
});

/** The upload's progress bar, named by its "Uploading… 42%" label. */
const uploadProgress = (page: Page) => page.getByRole("progressbar", { name: /^Uploading… \d+%$/ });

/** The progress bar's value once it is above `above`. */
async function progressAbove(page: Page, above: number) {
  let value = 0;
  await expect
    .poll(async () => {
      value = await uploadProgress(page).evaluate((bar) => (bar as HTMLProgressElement).value);
      return value;
    })
    .toBeGreaterThan(above);
  return value;
}

test("a slow upload shows its progress and can be cancelled; the next one goes through", async ({
  page,
  browser,
}) => {
  const cancelledTitle = unique("Cancelled upload");
  await page.goto("/resources/upload");
  await hydrated(page);
  // 4 MB at 1 MB/s: about four seconds, of which the test waits for one or two.
  await throttleUploads(page, 1024 * 1024);
  // From disk: handing Playwright megabytes in memory costs seconds of its own.
  const longList = test.info().outputPath("long-list.txt");
  await writeFile(longList, Buffer.alloc(4 * 1024 * 1024, "Shelter list. "));
  await page.getByLabel(/^File/).setInputFiles(longList);
  await page.getByLabel("Title (optional)").fill(cancelledTitle);
  await page.getByRole("button", { name: "Upload Document" }).click();

  await expect(uploadProgress(page)).toBeVisible();
  const first = await progressAbove(page, 0);
  expect(first).toBeLessThan(100);
  await progressAbove(page, first);
  await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  await expect(page.getByLabel("Title (optional)")).toBeDisabled();

  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Upload cancelled." })).toBeVisible();
  await expect(uploadProgress(page)).toHaveCount(0);
  const submit = page.getByRole("button", { name: "Upload Document" });
  await expect(submit).toBeEnabled();
  await expect(submit).toBeFocused();
  await expect(page.getByLabel("Title (optional)")).toHaveValue(cancelledTitle);

  // The form is usable again: a smaller file through the same slow connection is stored.
  const title = unique("Uploaded after a cancel");
  const shortList = test.info().outputPath("short-list.txt");
  await writeFile(shortList, Buffer.alloc(1024 * 1024, "Meal times. "));
  await page.getByLabel(/^File/).setInputFiles(shortList);
  await page.getByLabel("Title (optional)").fill(title);
  await submit.click();
  await expect(uploadProgress(page)).toBeVisible();
  await expect(
    page.getByText("Document uploaded and pending admin approval").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/resources$/);

  // Staff see the finished upload in the moderation queue, and nothing of the cancelled one.
  const admin = await adminPage(browser);
  await admin.goto("/admin/documents");
  await expect(admin.getByRole("link", { name: `Download ${title}` })).toBeVisible();
  await expect(admin.getByText(cancelledTitle)).toHaveCount(0);
  await admin.context().close();
});

test("paging through more than one page of published links", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Six links are seeded; seven more published by staff make a second page of twelve.
  const admin = await adminPage(browser);
  await admin.goto("/admin/links");
  const batch = unique("Paging link");
  for (let index = 1; index <= 7; index++) {
    const title = `${batch} #${index}`;
    await admin.getByLabel(/^Title/).fill(title);
    await admin.getByLabel(/^URL/).fill(`https://example.org/${index}`);
    await admin.getByLabel(/^Description/).fill("A link made by the paging test.");
    await admin.getByRole("button", { name: "Add external link" }).click();
    await admin.getByRole("button", { name: `Publish ${title}`, exact: true }).click();
    await expect(
      admin.getByRole("button", { name: `Unpublish ${title}`, exact: true }),
    ).toBeVisible();
  }
  await admin.context().close();

  await page.goto("/resources?tab=links");
  await expect(results(page, "External Links").getByRole("listitem")).toHaveCount(12);
  await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/resources\?tab=links&page=2$/);
  await expect(page.getByText("Page 2")).toBeVisible();
  await expect(results(page, "External Links").getByRole("listitem").first()).toBeVisible();
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/resources\?tab=links$/);
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
});
