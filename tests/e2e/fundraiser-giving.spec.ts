/**
 * A fundraiser's whole journey (docs/decisions/221-fundraisers.md): a page started in English with a
 * photo (docs/decisions/254-fundraiser-photos.md) and confirmed from the outbox, approved by staff
 * (the page shows the photo), then given to in test payment mode twice, $25
 * without JavaScript and $40 with it; the page shows $65 and both names, the owner has an e-mail
 * for each gift, and the Spanish page shows the same total. Then finance refunds the $25 from the
 * dashboard (docs/decisions/256-refunds-from-the-dashboard.md) and the page shows $40.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, linkFromMail, outbox, test, uniqueEmail } from "./fixtures";
import { expectNoViolations, withoutScripts } from "./fundraiser-helpers";
import { signInAsAdmin, toast } from "./services-helpers";

/**
 * Gives `dollars` on the fundraiser's own donation page, as a preset amount when there is one ($25)
 * or typed as another amount ($40), and pays with the test card.
 */
async function give(page: Page, slug: string, dollars: number, donor: string) {
  await page.goto(`/fundraise/${slug}`);
  await page.getByRole("link", { name: "Give to this fundraiser" }).click();
  const form = page.getByRole("form", { name: "Donation" });
  const preset = form.getByRole("radio", { name: `$${dollars}`, exact: true });
  if ((await preset.count()) > 0) await preset.check();
  else await form.getByRole("textbox", { name: "Or enter another amount" }).fill(String(dollars));
  await form.getByRole("textbox", { name: "Your name" }).fill(donor);
  await form.getByRole("textbox", { name: "Your email" }).fill(uniqueEmail("giver"));
  await form.getByRole("button", { name: /^Donate/ }).click();
  await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
  const card = page.getByRole("form", { name: "Card payment" });
  await card.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
  await card.getByRole("textbox", { name: "Expiry date (MM/YY)" }).fill("12/34");
  await card.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await card.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/donation-success/);
  await expect(page.getByText("Status: Succeeded")).toBeVisible();
}

test("a page started, approved and given to with and without JavaScript shows $65 in both languages, $40 after a refund", async ({
  browser,
  page: staff,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("giving");
  const stamp = Date.now().toString(36);
  const title = `Bake sale ${stamp}`;
  const slug = `bake-sale-${stamp}`;
  const { context, page: noScripts } = await withoutScripts(browser);

  await noScripts.goto("/fundraise");
  await noScripts.getByLabel("Your name").fill("Rosa Baker");
  await noScripts.getByLabel("Email").fill(email);
  await noScripts.getByLabel("Title of your page").fill(title);
  await noScripts
    .getByLabel("Your story")
    .fill("Cakes for a cause: every slice helps a neighbour.");
  await noScripts.getByLabel("Goal in US dollars").fill("500");
  // A phone's photo: wider than the page's 1200 pixels, so the site resizes it.
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 150, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  await noScripts
    .getByLabel("Photo (optional)")
    .setInputFiles({ name: "cakes.jpg", mimeType: "image/jpeg", buffer: photo });
  await noScripts.getByRole("button", { name: "Start my fundraiser" }).click();
  await expect(toast(noScripts, "Check your email")).toBeVisible();
  await noScripts.goto(await linkFromMail(email, "Confirm your fundraiser", "/fundraise/confirm"));
  await noScripts.getByRole("button", { name: "Confirm my email" }).click();
  await expect(noScripts.getByText(`"${title}" is waiting for our team's review`)).toBeVisible();

  await signInAsAdmin(staff);
  await staff.goto("/admin/fundraisers");
  const card = staff
    .getByRole("listitem")
    .filter({ has: staff.getByRole("heading", { name: title }) });
  for (const box of await card.getByRole("checkbox").all()) await box.check();
  await card.getByRole("button", { name: `Approve ${title}` }).click();
  await expect(toast(staff, "Fundraiser approved")).toBeVisible();

  // The approved page shows the photo, resized, with the title as its text.
  await noScripts.goto(`/fundraise/${slug}`);
  const shown = noScripts.getByRole("img", { name: title });
  await shown.scrollIntoViewIfNeeded();
  await expect(shown).toHaveAttribute("width", "1200");
  await expect(shown).toHaveAttribute("height", "900");
  await expect(shown).toHaveAttribute("loading", "lazy");
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  // $25 without JavaScript, then $40 from a visitor whose page runs its scripts.
  await give(noScripts, slug, 25, "Nora Noscript");
  const withScripts = await (await browser.newContext()).newPage();
  await withScripts.goto(`/fundraise/${slug}`);
  await hydrated(withScripts);
  await give(withScripts, slug, 40, "Sam Script");

  // The payment events dropped the cached page: both gifts show at once.
  await withScripts.goto(`/fundraise/${slug}`);
  await expect(withScripts.getByText("$65.00 raised from 2 gifts")).toBeVisible();
  for (const donor of ["Nora Noscript", "Sam Script"]) {
    await expect(withScripts.getByRole("listitem").filter({ hasText: donor })).toBeVisible();
  }

  // The owner has one e-mail per gift, naming the donor and the amount.
  await expect
    .poll(async () =>
      (await outbox())
        .filter(
          (raw) =>
            raw.includes(`To: ${email}`) &&
            raw.includes(`Subject: A new gift to your fundraiser: ${title}`),
        )
        .map((raw) =>
          raw
            .replace(/=\r?\n/g, "")
            .match(/(Nora Noscript|Sam Script) gave (\$\d+\.\d\d)/)
            ?.slice(1)
            .join(" "),
        )
        .sort(),
    )
    .toEqual(["Nora Noscript $25.00", "Sam Script $40.00"]);

  // The Spanish page, without scripts, shows the same total.
  await noScripts.goto(`/es/fundraise/${slug}`);
  await expect(noScripts.getByText("$65.00 recaudados con 2 donaciones")).toBeVisible();
  await expect(noScripts.getByRole("listitem").filter({ hasText: "Nora Noscript" })).toBeVisible();

  // Finance refunds the $25 from its page in the dashboard: the page shows $40 from one gift.
  await staff.goto("/admin/donations");
  await staff.getByRole("link", { name: /^Open the donation from Nora Noscript/ }).click();
  // The donation's page with its refund form, in both themes.
  await expect(staff).toHaveURL(/\/admin\/donations\/[0-9a-f-]{36}$/);
  await expectNoViolations(staff, new URL(staff.url()).pathname);
  const refund = staff.getByRole("region", { name: "Refund" });
  await expect(refund.getByRole("textbox", { name: "Amount to refund (USD)" })).toHaveValue(
    /^25\.\d\d$/,
  );
  await refund.getByRole("combobox", { name: "Reason" }).selectOption("The donor asked for it");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(toast(staff, "Refunded $25")).toBeVisible();
  await expect(staff.locator("p").filter({ hasText: /^StatusRefunded$/ })).toBeVisible();
  await noScripts.goto(`/fundraise/${slug}`);
  await expect(noScripts.getByText("$40.00 raised from 1 gift")).toBeVisible();
  await expect(noScripts.getByRole("listitem").filter({ hasText: "Nora Noscript" })).toHaveCount(0);
  await context.close();
});
