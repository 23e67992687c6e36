import { readFile, writeFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  expect,
  expectNoAxeViolations,
  hydrated,
  linkFromMail,
  test,
  throttleUploads,
  uniqueEmail,
} from "./fixtures";

const ADMIN = { email: "admin@example.org", password: "e2e-admin-password-2026" };
const PASSWORD = "a-long-editor-passphrase-2026";

/** A toast with this title: sonner's with JavaScript, the server-rendered one without. */
const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast], .static-toast").filter({ hasText: title });

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const panel = page.getByRole("tabpanel", { name: "Login" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin/);
}

async function signedInPage(browser: Browser, email: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  return page;
}

/** Opens a dashboard tab the way a person does: by its tab in the tab list. */
async function openTab(page: Page, name: string) {
  await page
    .getByRole("tablist", { name: "Dashboard sections" })
    .getByRole("tab", { name })
    .click();
  await expect(page.getByRole("tab", { name, selected: true })).toBeVisible();
}

async function publish(page: Page, title: string) {
  await page.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(toast(page, "Item published").filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Published");
}

test("sign up, wait for staff access, get promoted, publish one of each, export CSVs", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const email = uniqueEmail("new-editor");

  // A new account signs up, verifies through the e-mail and is refused the dashboard.
  await page.goto("/login?tab=signup");
  const signup = page.getByRole("tabpanel", { name: "Sign Up" });
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Password", { exact: false }).fill(PASSWORD);
  await signup.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "Signup successful")).toBeVisible();
  await page.goto(
    await linkFromMail(email, "Verify your e-mail address", "/api/auth/verify-email"),
  );
  await logIn(page, email, PASSWORD);
  await expect(
    page.getByRole("heading", { level: 1, name: "Staff access required" }),
  ).toBeVisible();
  await expect(page.getByText("Staff access is granted by an administrator.")).toBeVisible();
  await expect(page.getByRole("tablist")).toHaveCount(0);
  expect((await page.request.get("/admin/documents", { maxRedirects: 0 })).status()).toBe(403);

  // The admin promotes the account to editor in the Users tab.
  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await openTab(admin, "Users");
  await admin.getByLabel(`Role of ${email}`).selectOption("editor");
  await admin.getByRole("button", { name: `Save role for ${email}` }).click();
  await expect(toast(admin, "Role updated")).toContainText(`${email} is now Editor`);
  // The admin's own role cannot be changed from the dashboard.
  await expect(admin.getByLabel(`Role of ${ADMIN.email}`)).toBeDisabled();

  // The role change signed the account out everywhere (docs/decisions/131-session-lifetime.md): it
  // signs in again and now sees the library and submission tabs, not finance's or the Users tab.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, email, PASSWORD);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/documents$/);
  const tabs = page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab");
  await expect(tabs).toHaveText([
    "Documents",
    "Statistics",
    "External Links",
    "Messages",
    "Volunteers",
    "Partnerships",
    "Fundraisers",
    "Shifts",
    "Services",
    "Weather",
  ]);
  await expectNoAxeViolations(page);

  const documentTitle = `Winter shelter hours ${stamp}`;
  await page.getByLabel(/^Title/).fill(documentTitle);
  await page.getByLabel("File", { exact: false }).setInputFiles({
    name: "winter-shelters.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Winter shelters open at 6 pm.\nCall 2-1-1 for a bed.\n"),
  });
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(toast(page, "Document uploaded successfully")).toBeVisible();
  const documentRow = page.getByRole("row").filter({ hasText: documentTitle });
  await expect(documentRow).toContainText("text/plain, 0.00 MB");
  await expect(documentRow).toContainText("Draft");
  await publish(page, documentTitle);

  await openTab(page, "Statistics");
  const statisticTitle = `1,000+ people helped monthly ${stamp}`;
  await page.getByLabel(/^Title/).fill(statisticTitle);
  await page.getByRole("textbox", { name: "Source", exact: true }).fill("Houston Home Foundation");
  await page.getByLabel(/^Description/).fill("People our programs served each month in 2025.");
  await page.getByLabel("Source URL (optional)").fill("https://example.org/report");
  await page.getByLabel("Date (optional)").fill("2025");
  await page.getByRole("button", { name: "Add statistic" }).click();
  await expect(toast(page, "Statistic added successfully")).toBeVisible();
  await publish(page, statisticTitle);

  await openTab(page, "External Links");
  const linkTitle = `Houston Food Bank ${stamp}`;
  await page.getByLabel(/^Title/).fill(linkTitle);
  await page.getByLabel("URL").fill("not a web address");
  await page.getByLabel(/^Description/).fill("Find food pantries near you.");
  await page.getByRole("button", { name: "Add external link" }).click();
  await expect(page.getByText("URL must be a full web address", { exact: false })).toBeVisible();
  await page.getByLabel("URL").fill("https://www.houstonfoodbank.org/find-help/");
  await page.getByLabel("Category (optional)").fill("Food");
  await page.getByRole("button", { name: "Add external link" }).click();
  await expect(toast(page, "External link added successfully")).toBeVisible();
  await publish(page, linkTitle);

  // All three are now on the public library.
  await page.goto("/resources");
  await expect(page.getByRole("heading", { name: documentTitle })).toBeVisible();
  await page.goto("/resources?tab=statistics");
  await expect(page.getByRole("heading", { name: statisticTitle })).toBeVisible();
  await page.goto("/resources?tab=links");
  await expect(page.getByRole("heading", { name: linkTitle })).toBeVisible();

  // A visitor subscribes on the home page; the admin exports the subscribers.
  const subscriber = uniqueEmail("subscriber");
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/home");
  const newsletter = visitor.getByRole("form", { name: "Newsletter sign-up" });
  await newsletter.getByLabel("First name").fill('Zoë, "Z"');
  await newsletter.getByLabel("Email").fill(subscriber);
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(visitor, "Thank you for subscribing")).toBeVisible();

  await openTab(admin, "Email Signups");
  await expect(admin.getByRole("row").filter({ hasText: subscriber })).toContainText("Subscribed");
  const subscribersDownload = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Export subscribers.csv" }).click();
  const subscribersFile = await subscribersDownload;
  expect(subscribersFile.suggestedFilename()).toBe("subscribers.csv");
  const rows: string[][] = parse(await readFile(await subscribersFile.path()), { bom: true });
  // The columns staff expect, then the language the visitor signed up in
  // (docs/decisions/114-stored-language.md).
  expect(rows[0]).toEqual(["Name", "Email", "Date", "Language"]);
  expect(rows).toContainEqual([
    'Zoë, "Z"',
    subscriber,
    expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    "English",
  ]);

  // Other tests give in test mode; no refunded monthly gift can exist on this server. The
  // filters go into the URL, and the export of nothing says so instead of an empty file.
  await openTab(admin, "Donations");
  await expect(admin.getByRole("img", { name: /Bar chart of succeeded donations/ })).toBeVisible();
  await admin.getByLabel("Status").selectOption("Refunded");
  await admin.getByLabel("Type").selectOption("Monthly");
  await admin.getByRole("button", { name: "Apply filters" }).click();
  await expect(admin).toHaveURL(/\/admin\/donations\?status=refunded&type=monthly$/);
  await expect(admin.getByText("No donations match these filters.")).toBeVisible();
  await expect(
    admin.getByText("Only the filtered list: refunded, monthly donations."),
  ).toBeVisible();
  await admin.getByRole("button", { name: "Export donations.csv" }).click();
  await expect(toast(admin, "No donations to export")).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/donations$/);
  await expectNoAxeViolations(admin);
});

test("a test-mode gift made on the cached /donate shows in the donations tab and opens with its payment history", async ({
  browser,
}) => {
  const donor = await (await browser.newContext()).newPage();
  const email = uniqueEmail("donor");
  // The page a campaign sends everyone to comes from the page cache, and a gift made on it
  // completes: what is per visitor is fetched apart from the page
  // (docs/decisions/151-cached-pages-without-a-shared-nonce.md).
  await donor.goto("/donate");
  const answer = await donor.goto("/donate");
  expect(answer?.headers()["x-page-cache"]).toBe("hit");
  const panel = donor.getByRole("form", { name: "Donation" });
  await panel.getByRole("radio", { name: "One-time" }).check();
  await panel.getByRole("radio", { name: "$25", exact: true }).check();
  await panel.getByLabel("Your name").fill("Dana Dashboard");
  await panel.getByLabel("Your email").fill(email);
  await panel.getByLabel("Give anonymously").check();
  await panel.getByLabel(/to cover the card processing fee/).check();
  await panel.getByRole("button", { name: "Donate $25" }).click();
  await expect(donor).toHaveURL(/\/donate\/pay/, { timeout: 30_000 });
  await donor.getByLabel("Card number").fill("4242 4242 4242 4242");
  await donor.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await donor.getByLabel("Security code (CVC)").fill("123");
  await donor.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(donor).toHaveURL(/\/donation-success/);

  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password);
  await admin.goto("/admin/donations?status=succeeded&type=once");
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Anonymous");
  await expect(row).toContainText("$25.00");
  await expect(row).toContainText("Succeeded");
  await row.getByRole("link", { name: /^Open the donation from Anonymous/ }).click();

  await expect(admin).toHaveURL(/\/admin\/donations\/[0-9a-f-]{36}$/);
  await expect(
    admin.getByRole("heading", { name: "$25.00 one-time donation from Anonymous" }),
  ).toBeVisible();
  await expect(admin.getByRole("tab", { name: "Donations", selected: true })).toBeVisible();
  await expect(admin.getByText("Name given (never shown publicly)")).toBeVisible();
  await expect(admin.getByText("Dana Dashboard")).toBeVisible();
  await expect(admin.getByText(email)).toBeVisible();
  const history = admin.getByRole("region", { name: "Payment history" }).getByRole("listitem");
  await expect(history.first()).toBeVisible();
  await expectNoAxeViolations(admin);

  // An unknown or malformed id is a real 404 inside the dashboard, not an error screen.
  await admin.goto("/admin/donations/00000000-0000-4000-8000-000000000000");
  await expect(admin.getByRole("heading", { name: "Donation not found" })).toBeVisible();
  await expectNoAxeViolations(admin);
  expect((await admin.request.get("/admin/donations/not-a-uuid")).status()).toBe(404);
});

test("a staff upload shows its progress, can be cancelled, and shows the server's refusals", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/documents");
  await hydrated(page);
  await throttleUploads(page, 1024 * 1024);
  const form = page.getByRole("region", { name: "Upload a document" });
  const progress = form.getByRole("progressbar", { name: /^Uploading… \d+%$/ });
  const progressValue = () => progress.evaluate((bar) => (bar as HTMLProgressElement).value);

  // 4 MB at 1 MB/s, from disk (megabytes handed over in memory cost Playwright seconds).
  const cancelledTitle = `Cancelled staff upload ${stamp}`;
  const longList = test.info().outputPath("long-list.txt");
  await writeFile(longList, Buffer.alloc(4 * 1024 * 1024, "Shelter list. "));
  await form.getByLabel(/^Title/).fill(cancelledTitle);
  await form.getByLabel("File", { exact: false }).setInputFiles(longList);
  await form.getByRole("button", { name: "Upload document" }).click();
  await expect(progress).toBeVisible();
  await expect.poll(progressValue).toBeGreaterThan(0);
  const first = await progressValue();
  await expect.poll(progressValue).toBeGreaterThan(first);
  await expect(form.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  await form.getByRole("button", { name: "Cancel upload" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Upload cancelled\./);
  await expect(progress).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Upload document" })).toBeFocused();

  // The server's refusal comes back by the field, as it does without JavaScript.
  await form.getByLabel("File", { exact: false }).setInputFiles({
    name: "form.docx",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n"),
  });
  await form.getByRole("button", { name: "Upload document" }).click();
  await expect(
    form.getByText("The file's content does not match its .docx extension", { exact: false }),
  ).toBeVisible();

  const title = `Staff upload after a cancel ${stamp}`;
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel("File", { exact: false }).setInputFiles({
    name: "meal-times.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Lunch at noon.\n"),
  });
  await form.getByRole("button", { name: "Upload document" }).click();
  await expect(toast(page, "Document uploaded successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Draft");
  await expect(page.getByRole("row").filter({ hasText: cancelledTitle })).toHaveCount(0);
  // Emptied after success, ready for the next document.
  await expect(form.getByLabel(/^Title/)).toHaveValue("");
});

test("a cross-site form post to the dashboard is refused and changes nothing", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password);
  await openTab(admin, "Statistics");
  const title = `Cross-site ${Date.now()}`;
  const response = await admin.request.post("/admin/statistics", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { intent: "create", title, description: "D", source: "S" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await admin.reload();
  await expect(admin.getByText(title)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs are links, forms post and the toast is shown by the server", async ({ page }) => {
    await page.goto("/login");
    const panel = page.getByRole("tabpanel", { name: "Login" });
    await panel.getByLabel("Email").fill(ADMIN.email);
    await panel.getByLabel("Password").fill(ADMIN.password);
    await panel.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/documents$/);

    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect(page).toHaveURL(/\/admin\/statistics$/);
    const title = `No-JS statistic ${Date.now()}`;
    await page.getByLabel(/^Title/).fill(title);
    await page.getByRole("textbox", { name: "Source", exact: true }).fill("Survey");
    await page.getByLabel(/^Description/).fill("Counted without a script.");
    await page.getByRole("button", { name: "Add statistic" }).click();
    await expect(page.locator(".static-toast")).toContainText("Statistic added successfully");
    await page.getByRole("button", { name: `Publish ${title}` }).click();
    await expect(page.locator(".static-toast")).toContainText("Item published");

    // Bad input the browser lets through comes back with the server's message by the field.
    await page.getByLabel(/^Title/).fill("Unsafe link");
    await page.getByRole("textbox", { name: "Source", exact: true }).fill("Survey");
    await page.getByLabel(/^Description/).fill("Has a script address.");
    await page.getByLabel("Source URL (optional)").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Add statistic" }).click();
    await expect(
      page.getByText("Source URL must be a full web address", { exact: false }),
    ).toBeVisible();
  });

  test("a document upload is a plain multipart post", async ({ page }) => {
    await page.goto("/login");
    const panel = page.getByRole("tabpanel", { name: "Login" });
    await panel.getByLabel("Email").fill(ADMIN.email);
    await panel.getByLabel("Password").fill(ADMIN.password);
    await panel.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/documents$/);

    const title = `No-JS document ${Date.now()}`;
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel("File", { exact: false }).setInputFiles({
      name: "bus-routes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Route 82 runs every 15 minutes.\n"),
    });
    await page.getByRole("button", { name: "Upload document" }).click();
    await expect(page.locator(".static-toast")).toContainText("Document uploaded successfully");
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Draft");
  });
});
