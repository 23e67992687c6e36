/**
 * Fundraiser pages, first slice (docs/decisions/221-fundraisers.md): a supporter starts a page
 * without JavaScript and confirms it from the outbox, staff approve it in the dashboard, and the
 * public page shows it and takes a gift without JavaScript; axe on the new pages.
 */
import { expect, linkFromMail, test, uniqueEmail } from "./fixtures";
import { expectNoViolations, withoutScripts } from "./fundraiser-helpers";
import { signInAsAdmin, toast } from "./services-helpers";

test("a supporter starts a page without JavaScript, confirms it, staff approve it, and it takes a gift", async ({
  browser,
  page: staff,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("fundraiser");
  const stamp = Date.now().toString(36);
  const title = `Run for homes ${stamp}`;
  const { context, page } = await withoutScripts(browser);
  const checker = await (await browser.newContext()).newPage();

  await page.goto("/fundraise");
  await expect(page.getByRole("heading", { level: 1, name: "Start a fundraiser" })).toBeVisible();
  await expect(
    page.getByText(
      "No photo, name or story of a person experiencing homelessness without their written consent.",
    ),
  ).toBeVisible();
  await expectNoViolations(checker, "/fundraise");
  await expectNoViolations(checker, "/es/fundraise");

  // A refused form keeps what was typed and names the problem.
  await page.getByLabel("Your name").fill("Dana Reyes");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Title of your page").fill(title);
  await page
    .getByLabel("Your story")
    .fill("Forty miles for forty neighbours.\n\nEvery mile helps someone home.");
  await page.getByLabel("Goal in US dollars").fill("50");
  await page.getByRole("button", { name: "Start my fundraiser" }).click();
  await expect(page.getByText("Please choose a goal from $100 to $100000.")).toBeVisible();
  await expect(page.getByLabel("Title of your page")).toHaveValue(title);

  await page.getByLabel("Goal in US dollars").fill("$1,000");
  await page.getByRole("button", { name: "Start my fundraiser" }).click();
  await expect(toast(page, "Check your email")).toBeVisible();

  // The confirmation link from the outbox: opening it asks, the button confirms.
  const link = await linkFromMail(email, "Confirm your fundraiser", "/fundraise/confirm");
  await expectNoViolations(checker, new URL(link).pathname + new URL(link).search);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText(`"${title}" is waiting for our team's review`)).toBeVisible();

  // Not public until staff approve it.
  const slug = `run-for-homes-${stamp}`;
  expect((await page.goto(`/fundraise/${slug}`))?.status()).toBe(404);

  await signInAsAdmin(staff);
  await staff.goto("/admin/fundraisers");
  const card = staff
    .getByRole("listitem")
    .filter({ has: staff.getByRole("heading", { name: title }) });
  await expect(card.getByText("Waiting for review")).toBeVisible();
  await expectNoViolations(staff, "/admin/fundraisers");
  await staff.goto("/admin/fundraisers");
  for (const box of await card.getByRole("checkbox").all()) await box.check();
  await card.getByRole("button", { name: `Approve ${title}` }).click();
  await expect(toast(staff, "Fundraiser approved")).toBeVisible();

  // The public page, in both languages, without scripts.
  await page.goto(`/fundraise/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("A fundraiser by Dana")).toBeVisible();
  await expect(page.getByText("$0.00 raised from 0 gifts")).toBeVisible();
  await expect(page.getByText("Every mile helps someone home.")).toBeVisible();
  await expectNoViolations(checker, `/fundraise/${slug}`);
  await page.goto(`/es/fundraise/${slug}`);
  await expect(page.getByText("Una recaudación de Dana")).toBeVisible();
  await expectNoViolations(checker, `/es/fundraise/${slug}`);

  // Listed among the open pages, found by a search without scripts.
  await page.goto("/give-to-fundraiser");
  await page.getByLabel("Search by title or name").fill(stamp);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/give-to-fundraiser\\?q=${stamp}$`));
  await expectNoViolations(checker, `/give-to-fundraiser?q=${stamp}`);

  // A $25 gift through the site's own flow, attributed to the page.
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("link", { name: "Give to this fundraiser" }).click();
  await expect(page.getByText(`Your gift supports the fundraiser "${title}".`)).toBeVisible();
  const form = page.getByRole("form", { name: "Donation" });
  await form.getByRole("radio", { name: "$25", exact: true }).check();
  await form.getByRole("textbox", { name: "Your name" }).fill("Gabriel Donor");
  await form.getByRole("textbox", { name: "Your email" }).fill(uniqueEmail("giver"));
  await form.getByRole("button", { name: /^Donate/ }).click();
  await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
  const card2 = page.getByRole("form", { name: "Card payment" });
  await card2.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
  await card2.getByRole("textbox", { name: "Expiry date (MM/YY)" }).fill("12/34");
  await card2.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await card2.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/donation-success/);

  // The payment event dropped the cached page: the gift shows at once.
  await page.goto(`/fundraise/${slug}`);
  await expect(page.getByText("$25.00 raised from 1 gift")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Gabriel Donor" })).toBeVisible();
  await context.close();
});
