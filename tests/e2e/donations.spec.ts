import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  holdScripts,
  hydrated,
  linkFromMail,
  outbox,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * The donation flow in test payment mode (no Stripe keys, docs/decisions/074-test-payment-mode.md):
 * the same server path as a real payment, with the test card form standing in for Stripe's Payment
 * Element.
 */

const DECLINED_CARD = "4000 0000 0000 0002";
const GOOD_CARD = "4242 4242 4242 4242";

const donationForm = (page: Page) => page.getByRole("form", { name: "Donation" });

/** Fills the donor's details of the panel on the page. */
async function fillDonor(page: Page, name: string, email: string) {
  const form = donationForm(page);
  await form.getByRole("textbox", { name: "Your name" }).fill(name);
  await form.getByRole("textbox", { name: "Your email" }).fill(email);
}

async function payWithCard(page: Page, card: string) {
  const form = page.getByRole("form", { name: "Card payment" });
  await form.getByRole("textbox", { name: "Card number" }).fill(card);
  await form.getByRole("textbox", { name: "Expiry date (MM/YY)" }).fill("12/34");
  await form.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
}

/** The receipt e-mail sent to this address, decoded (quoted-printable undone). */
async function receiptFor(email: string) {
  let receipt = "";
  await expect
    .poll(async () => {
      const raw = (await outbox()).find(
        (mail) => mail.includes(`To: ${email}`) && mail.includes("Subject: Your donation receipt"),
      );
      receipt = (raw ?? "")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      return receipt;
    })
    .toContain("No goods or services were provided in exchange for this contribution.");
  return receipt;
}

test.describe("full-site panel", () => {
  // One test holds the scripts in the page's own requests (tests/e2e/fixtures.ts, holdScripts).
  test.use({ serviceWorkers: "block" });
  test("a monthly gift with the fee covered: declined card, then paid, receipt, then cancelled", async ({
    page,
  }) => {
    const email = uniqueEmail("monthly");
    await page.goto("/home#donate");
    await hydrated(page);
    const form = donationForm(page);
    // The default is $50 once; the preset radios expose which one is chosen.
    await expect(form.getByRole("radio", { name: "$50" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "One-time" })).toBeChecked();

    await form.getByRole("radio", { name: "Monthly" }).check();
    await form.getByRole("radio", { name: "$100" }).check();
    await expect(form.getByRole("radio", { name: "$100" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "$50" })).not.toBeChecked();
    await expect(form).toContainText("Your monthly gift of $100 can help 60+ people.");
    await fillDonor(page, "Maria Lopez", email);
    await form
      .getByRole("checkbox", { name: "Add $3.30 to cover the card processing fee" })
      .check();
    await expect(form).toContainText("Total: $103.30 per month");
    await form.getByRole("button", { name: "Donate $100 monthly" }).click();

    await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
    await expect(page.getByText("Test mode - no real charge")).toBeVisible();
    await expect(page.getByRole("main")).toContainText("$103.30 per month");

    await payWithCard(page, DECLINED_CARD);
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Payment failed" }),
    ).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Your card was declined." }),
    ).toBeVisible();

    await payWithCard(page, GOOD_CARD);
    await expect(page).toHaveURL(/\/donation-success\?ref=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your gift!");
    await expect(page.getByText("Status: Succeeded")).toBeVisible();

    const receipt = await receiptFor(email);
    expect(receipt).toContain("$103.30");
    expect(receipt).toContain("Houston Home Foundation");

    // The receipt's "manage your gift" link leads to "Your giving" (tests/e2e/giving.spec.ts).
    const givingLink = await linkFromMail(email, "Your donation receipt", "/create-account");
    expect(new URL(givingLink).pathname).toBe("/create-account");
    // The signed link the manage page sends still opens the donor's page there.
    await page.goto("/donate/manage");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    const manageLink = await linkFromMail(
      email,
      "Your link to manage your gifts",
      "/donate/manage",
    );
    await page.goto(manageLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage your gifts");
    const monthly = page.getByRole("region", { name: "Monthly gifts" });
    await expect(monthly).toContainText("$103.30 per month");
    await expectNoAxeViolations(page);

    await monthly.getByRole("textbox", { name: "New monthly amount (whole dollars)" }).fill("60");
    await monthly.getByRole("button", { name: "Change amount" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Monthly gift updated" }),
    ).toBeVisible();
    await expect(monthly).toContainText(/\$6\d\.\d\d per month/);

    // The year-end statement downloads, with the IRS wording.
    const statement = page.getByRole("region", { name: "Year-end statement" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      statement.getByRole("link", { name: /^Download \d{4} statement$/ }).click(),
    ]);
    const statementText = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    expect(statementText).toContain("$103.30");
    expect(statementText).toContain("No goods or services were provided");

    await monthly.getByRole("button", { name: "Cancel monthly gift" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Monthly gift canceled" }),
    ).toBeVisible();
    await expect(monthly).toContainText("You have no active monthly gift.");
  });

  test("a campaign link presets the amount and frequency", async ({ page }) => {
    await page.goto("/home?amount=100&frequency=monthly#donate");
    const form = donationForm(page);
    await expect(form.getByRole("radio", { name: "$100" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(form.getByRole("button", { name: "Donate $100 monthly" })).toBeVisible();
  });

  test("choices made before the page's script has run are kept", async ({ page }) => {
    // A slow phone: the page shows, the donor chooses, and only then does React take over.
    const releaseScripts = await holdScripts(page);
    await page.goto("/home#donate", { waitUntil: "domcontentloaded" });
    const form = donationForm(page);
    await form.getByRole("radio", { name: "Monthly" }).check();
    await form.getByRole("radio", { name: "$100" }).check();
    releaseScripts();
    await hydrated(page);
    await expect(form.getByRole("radio", { name: "$100" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(form.getByRole("button", { name: "Donate $100 monthly" })).toBeVisible();
    await expect(form).toContainText("Your monthly gift of $100 can help 60+ people.");
  });

  test("an amount out of range is explained inline and nothing is sent", async ({ page }) => {
    await page.goto("/home#donate");
    const form = donationForm(page);
    const custom = form.getByRole("textbox", { name: "Or enter another amount" });
    await custom.fill("0");
    await expect(form).toContainText("The smallest gift we can accept online is $1.");
    await expect(custom).toHaveAttribute("aria-invalid", "true");
    await custom.fill("250000");
    await expect(form).toContainText("The largest gift we can accept online is $100,000.");
    await fillDonor(page, "Sam Lee", uniqueEmail("range"));
    await form.getByRole("button", { name: "Donate" }).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test("a one-time custom gift, anonymous, without the fee", async ({ page }) => {
    const email = uniqueEmail("once");
    await page.goto("/home#donate");
    await hydrated(page);
    const form = donationForm(page);
    await form.getByRole("textbox", { name: "Or enter another amount" }).fill("75");
    await expect(form.getByRole("radio", { name: "$50" })).not.toBeChecked();
    await expect(form).toContainText("Total: $75.00");
    await fillDonor(page, "Quiet Giver", email);
    await form.getByRole("checkbox", { name: "Give anonymously" }).check();
    await form.getByRole("button", { name: "Donate $75" }).click();
    await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
    await expectNoAxeViolations(page);
    await payWithCard(page, GOOD_CARD);
    await expect(page.getByText("Status: Succeeded")).toBeVisible();
    await expect(page.getByRole("main")).toContainText("One-time");
    await expectNoAxeViolations(page);
    expect(await receiptFor(email)).toContain("$75.00");
  });
});

test("the pre-launch panel gives monthly by default, at $40", async ({ page }) => {
  const email = uniqueEmail("prelaunch");
  await page.goto("/launch");
  await hydrated(page);
  const form = donationForm(page);
  await expect(form.getByRole("radio", { name: /\$40/ })).toBeChecked();
  await expect(form.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await fillDonor(page, "Launch Friend", email);
  await form.getByRole("button", { name: "Donate $40 monthly" }).click();
  await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
  await payWithCard(page, GOOD_CARD);
  await expect(page.getByText("Status: Succeeded")).toBeVisible();
  expect(await receiptFor(email)).toContain("$40.00");
});

test("the donation page: its own panel, accessible", async ({ page }) => {
  await page.goto("/donate?amount=250");
  await expect(donationForm(page).getByRole("radio", { name: "$250" })).toBeChecked();
  await expectNoAxeViolations(page);
});

test("an unknown payment reference gets a friendly page, not a 404", async ({ page }) => {
  const response = await page.goto("/donation-success?ref=nothing-like-this");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "We could not find this donation",
  );
  await expectNoAxeViolations(page);
});

test("a donor asks for a new management link by e-mail", async ({ page }) => {
  await page.goto("/donate/manage");
  await expectNoAxeViolations(page);
  await hydrated(page);
  // A slow server: the button says the form is being sent and cannot be pressed twice.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(/\/donate\/manage\.data/, async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  answer();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Check your e-mail" }),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panel posts to the server and continues on the payment page", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/home#donate");
    const form = donationForm(page);
    await form.getByRole("radio", { name: "$25", exact: true }).check();
    await fillDonor(page, "No Script", email);
    await form.getByRole("button", { name: /^Donate/ }).click();
    await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
    await expect(page.getByRole("main")).toContainText("$25.00");
    await payWithCard(page, GOOD_CARD);
    await expect(page).toHaveURL(/\/donation-success/);
    // The payment settles through the same event code; the page shows it without a script.
    await expect(page.getByText("Status: Succeeded")).toBeVisible();
  });

  test("a refused amount comes back on /donate with its message", async ({ page }) => {
    await page.goto("/home#donate");
    const form = donationForm(page);
    await form.getByRole("textbox", { name: "Or enter another amount" }).fill("12.50");
    await fillDonor(page, "No Script", uniqueEmail("nojs-bad"));
    await form.getByRole("button", { name: /^Donate/ }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(donationForm(page)).toContainText(
      "Please enter a whole-dollar amount, for example 75.",
    );
  });
});
