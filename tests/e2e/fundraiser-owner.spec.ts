/**
 * The owner's signed link (docs/decisions/222-fundraiser-owner-link.md) without JavaScript: a page
 * started, confirmed and approved; a gift that shows its amount and carries a message
 * (decision 224); the owner opens the link from the outbox, sees the gift, thanks the donor,
 * pauses and reopens the page, edits the story, which staff accept; the share card (decision 226);
 * axe on the owner's page in both languages and both themes.
 */
import { expect, linkFromMail, outbox, test, uniqueEmail } from "./fixtures";
import { expectNoViolations, withoutScripts } from "./fundraiser-helpers";
import { signInAsAdmin, toast } from "./services-helpers";

test("the owner manages the page by the link in their e-mail, without JavaScript", async ({
  browser,
  page: staff,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("owner");
  const giver = uniqueEmail("giver");
  const stamp = Date.now().toString(36);
  const title = `Owner walk ${stamp}`;
  const slug = `owner-walk-${stamp}`;
  const { context, page } = await withoutScripts(browser);
  const checker = await (await browser.newContext()).newPage();

  await page.goto("/fundraise");
  await page.getByLabel("Your name").fill("Olga Owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Title of your page").fill(title);
  await page
    .getByLabel("Your story")
    .fill("I walk ten miles for ten neighbours in need of a home.");
  await page.getByLabel("Goal in US dollars").fill("500");
  await page.getByRole("button", { name: "Start my fundraiser" }).click();
  await expect(toast(page, "Check your email")).toBeVisible();
  await page.goto(await linkFromMail(email, "Confirm your fundraiser", "/fundraise/confirm"));
  await page.getByRole("button", { name: "Confirm my email" }).click();

  // The "waiting for review" e-mail carries the owner's link.
  const manage = await linkFromMail(
    email,
    "Your fundraiser is waiting for review",
    "/fundraise/manage",
  );
  await page.goto(manage);
  await expect(page.getByRole("heading", { name: /Status: Waiting for our team/ })).toBeVisible();

  await signInAsAdmin(staff);
  await staff.goto("/admin/fundraisers");
  const card = staff
    .getByRole("listitem")
    .filter({ has: staff.getByRole("heading", { name: title }) });
  for (const box of await card.getByRole("checkbox").all()) await box.check();
  await card.getByRole("button", { name: `Approve ${title}` }).click();
  await expect(toast(staff, "Fundraiser approved")).toBeVisible();

  // A $25 gift that shows its amount and leaves a message.
  await page.goto(`/donate?fundraiser=${slug}`);
  const form = page.getByRole("form", { name: "Donation" });
  await form.getByRole("radio", { name: "$25", exact: true }).check();
  await form.getByRole("textbox", { name: "Your name" }).fill("Gia Giver");
  await form.getByRole("textbox", { name: "Your email" }).fill(giver);
  await form.getByLabel("Show my amount on the fundraiser's list of donors").check();
  await form
    .getByLabel("A message to the fundraiser's owner (optional)")
    .fill("Walk strong, Olga!");
  await form.getByRole("button", { name: /^Donate/ }).click();
  await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
  const pay = page.getByRole("form", { name: "Card payment" });
  await pay.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
  await pay.getByRole("textbox", { name: "Expiry date (MM/YY)" }).fill("12/34");
  await pay.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await pay.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/donation-success/);
  await page.goto(`/fundraise/${slug}`);
  await expect(page.getByRole("listitem").filter({ hasText: "Gia Giver, $25.00" })).toBeVisible();
  await expect
    .poll(async () =>
      (await outbox()).some(
        (raw) => raw.includes(`To: ${email}`) && raw.includes("Walk strong, Olga!"),
      ),
    )
    .toBe(true);

  // The owner's page: the gift, a thank-you through the site.
  await page.goto(manage);
  await expect(page.getByRole("heading", { name: "Status: Live and taking gifts" })).toBeVisible();
  await page.getByLabel(/^Gia Giver, \$25\.00/).check();
  await page.getByLabel("Your message").fill("Thank you, Gia!");
  await page.getByRole("button", { name: "Send my thanks" }).click();
  await expect(toast(page, "Thank-you emails sent: 1")).toBeVisible();
  await expect(page.getByLabel(/^Gia Giver, \$25\.00.*thanked/)).toBeDisabled();
  await expect
    .poll(async () =>
      (await outbox()).some(
        (raw) => raw.includes(`To: ${giver}`) && raw.includes("Thank you, Gia!"),
      ),
    )
    .toBe(true);

  // Pause and take gifts again.
  await page.getByRole("button", { name: "Pause my fundraiser" }).click();
  await expect(toast(page, "Your fundraiser is paused")).toBeVisible();
  await checker.goto(`/fundraise/${slug}`);
  await expect(checker.getByText("This fundraiser is paused")).toBeVisible();
  await page.getByRole("button", { name: "Take gifts again" }).click();
  await expect(toast(page, "Your fundraiser takes gifts again")).toBeVisible();

  // A new story waits for staff; the page keeps the approved one.
  await page.getByLabel("Your story").fill("Now I walk twenty miles: twenty neighbours, one walk.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved: your changes go to our team for review")).toBeVisible();
  await expect(page.getByText("Your new story is waiting for our team's review.")).toBeVisible();
  await checker.goto(`/fundraise/${slug}`);
  await expect(checker.getByText("I walk ten miles")).toBeVisible();
  await expectNoViolations(checker, new URL(manage).pathname + new URL(manage).search);
  await expectNoViolations(checker, `/es${new URL(manage).pathname}${new URL(manage).search}`);

  await staff.goto("/admin/fundraisers");
  await card.getByRole("button", { name: `Accept the new story ${title}` }).click();
  await expect(toast(staff, "Owner's changes accepted")).toBeVisible();
  await checker.goto(`/fundraise/${slug}`);
  await expect(checker.getByText("Now I walk twenty miles")).toBeVisible();

  // The page's own share card.
  const image = await checker.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`/fundraise/${slug}/card\\.png$`));
  const cardResponse = await checker.request.get(`/fundraise/${slug}/card.png`);
  expect(cardResponse.headers()["content-type"]).toBe("image/png");
  await context.close();
});
