import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import {
  axeViolations,
  expect,
  hydrated,
  linkFromMail,
  outbox,
  signInToGiving,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * Gifts in honour or in memory (docs/decisions/232-tribute-gifts.md to 236), in test
 * payment mode. The cards' clock is moved by writing the file the e2e server reads
 * (TRIBUTES_CLOCK_FILE, docs/decisions/234-the-tribute-clock-in-tests.md), so the tests run in
 * order and put the clock back at the end.
 */
test.describe.configure({ mode: "serial" });

const CLOCK_FILE = path.join(E2E_DATA_DIR, "tributes-clock");
test.afterAll(() => rm(CLOCK_FILE, { force: true }));

/** A Houston day, "YYYY-MM-DD", `offset` days from today. */
function houstonDay(offset: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
    new Date(),
  );
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** Quoted-printable undone into UTF-8 text. */
function decoded(raw: string) {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const mailsTo = async (to: string) =>
  (await outbox()).filter((raw) => raw.includes(`To: ${to}`)).map(decoded);

const donationForm = (page: Page) => page.getByRole("form", { name: "Donation" });

async function payWithCard(page: Page, card: string) {
  const form = page.getByRole("form", { name: "Card payment" });
  await form.getByRole("textbox", { name: "Card number" }).fill(card);
  await form.getByRole("textbox", { name: "Expiry date (MM/YY)" }).fill("12/34");
  await form.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
}

/** Fills the gift and its dedication with a card to `recipient` dated `sendOn`. */
async function fillTributeGift(
  page: Page,
  { donor, recipient, sendOn }: { donor: string; recipient: string; sendOn: string },
) {
  const form = donationForm(page);
  await form.getByRole("textbox", { name: "Or enter another amount" }).fill("50");
  await form.getByRole("textbox", { name: "Your name" }).fill("Ana Donor");
  await form.getByRole("textbox", { name: "Your email" }).fill(donor);
  await form.getByText("Dedicate this gift").click();
  await form.getByRole("radio", { name: "In memory of" }).check();
  await form.getByRole("textbox", { name: "Their name" }).fill("Abuela Rosa");
  await form.getByRole("checkbox", { name: /Send a card by e-mail/ }).check();
  await form.getByRole("textbox", { name: "Recipient's name" }).fill("Carmen Ruiz");
  await form.getByRole("textbox", { name: "Recipient's e-mail" }).fill(recipient);
  await form.getByRole("textbox", { name: /Personal message/ }).fill("Siempre te recordamos.");
  await form.getByRole("combobox", { name: "Card language" }).selectOption("es");
  await form.getByLabel("Send date (optional)").fill(sendOn);
}

const declinedRecipient = uniqueEmail("declined-card");

test("a declined gift's card is never sent", async ({ page }) => {
  await page.goto("/donate");
  await hydrated(page);
  await fillTributeGift(page, {
    donor: uniqueEmail("declined-donor"),
    recipient: declinedRecipient,
    sendOn: "",
  });
  await donationForm(page)
    .getByRole("button", { name: /^Donate/ })
    .click();
  await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Payment failed" }),
  ).toBeVisible();
  // Checked again below, once the clock has moved and a card round has sent another card.
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("$50 in memory with a Spanish card for tomorrow: previewed, corrected, sent on its day", async ({
    page,
  }) => {
    const donor = uniqueEmail("tribute-donor");
    const recipient = uniqueEmail("tribute-recipient");
    const tomorrow = houstonDay(1);
    await page.goto("/donate");
    await fillTributeGift(page, { donor, recipient, sendOn: tomorrow });

    // The preview, before paying: the card in Spanish, without the amount.
    await donationForm(page).getByRole("button", { name: "Preview the card" }).click();
    const preview = page.getByRole("region", { name: "Card preview" });
    await expect(preview).toContainText("Subject: Una donación en memoria de Abuela Rosa");
    await expect(preview).toContainText("Ana Donor hizo una donación");
    await expect(preview).toContainText("Siempre te recordamos.");
    await expect(preview).not.toContainText("$");

    await donationForm(page)
      .getByRole("button", { name: /^Donate \$50/ })
      .click();
    await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(/\/donation-success/);

    // The receipt names the dedication; the card waits for tomorrow.
    // Its link leads to "Your giving", where the donor signs in and finds the dedication.
    await linkFromMail(donor, "Your donation receipt", "/create-account");
    const receipt = (await mailsTo(donor)).join("\n");
    expect(receipt).toContain("Dedication: in memory of Abuela Rosa");
    await signInToGiving(page, donor);
    await page.getByRole("link", { name: "See the dedication" }).click();
    await expect(page.getByText("Card status: scheduled")).toBeVisible();
    expect(await mailsTo(recipient)).toEqual([]);

    // The donor corrects the honoree's name before the card goes.
    await page.getByRole("textbox", { name: "Their name" }).fill("Abuela Rosa María");
    await page.getByRole("button", { name: "Save corrections" }).click();
    await expect(page.getByText("In memory of Abuela Rosa María")).toBeVisible();

    // Past tomorrow 9 am in Houston: the card goes, once, in Spanish, without the amount.
    await writeFile(CLOCK_FILE, new Date(Date.now() + 36 * 3600 * 1000).toISOString());
    await expect.poll(async () => (await mailsTo(recipient)).length, { timeout: 30_000 }).toBe(1);
    const [card] = await mailsTo(recipient);
    expect(card).toContain("Estimado/a Carmen Ruiz:");
    expect(card).toContain(
      "Ana Donor hizo una donación a Houston Home Foundation en memoria de Abuela Rosa María.",
    );
    expect(card).toContain("Siempre te recordamos.");
    expect(card).toContain('<html lang="es">');
    expect(card).not.toContain("$50");
    expect(card).not.toContain(donor);
    // The same round would have sent the declined gift's card, had it been due.
    expect(await mailsTo(declinedRecipient)).toEqual([]);

    await page.reload();
    await expect(page.getByText("Card status: sent")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send it again" })).toBeVisible();
  });
});

test("with JavaScript the dedication's code loads only when it is opened", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (/dedication-fields[^/]*\.js$/.test(request.url())) loaded.push(request.url());
  });
  await page.goto("/donate");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(loaded).toEqual([]);
  const form = donationForm(page);
  await form.getByText("Dedicate this gift").click();
  await expect(form.getByRole("radio", { name: "In honor of" })).toBeVisible();
  await expect.poll(() => loaded.length).toBe(1);
  // Still a working form: its preview comes back on /donate.
  await form.getByRole("radio", { name: "In honor of" }).check();
  await form.getByRole("textbox", { name: "Their name" }).fill("Coach Diaz");
  await form.getByRole("checkbox", { name: /Send a card by e-mail/ }).check();
  await form.getByRole("textbox", { name: "Recipient's name" }).fill("Team");
  await form.getByRole("textbox", { name: "Recipient's e-mail" }).fill("team@example.org");
  await form.getByRole("button", { name: "Preview the card" }).click();
  await expect(page.getByRole("region", { name: "Card preview" })).toContainText(
    "A gift in honor of Coach Diaz",
  );
});

for (const locale of ["", "/es"]) {
  for (const highContrast of [false, true]) {
    test(`axe: the dedication opened on ${locale}/home, ${highContrast ? "high-contrast" : "default"} theme`, async ({
      page,
    }) => {
      await page.goto(`${locale}/home`);
      if (highContrast) {
        await page.evaluate(() =>
          localStorage.setItem("accessibilitySettings", JSON.stringify({ highContrast: true })),
        );
        await page.reload();
      }
      await hydrated(page);
      const summary = locale ? "Dedicar esta donación" : "Dedicate this gift";
      const form = page.locator("#donation-inline");
      await form.getByText(summary).click();
      await expect(form.getByRole("radio").first()).toBeVisible();
      expect(await axeViolations(page, { enhancedContrast: highContrast })).toEqual([]);
    });
  }
}
