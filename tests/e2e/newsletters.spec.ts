import type { Page } from "@playwright/test";
import { expect, outbox, test, uniqueEmail } from "./fixtures";
import { expectNoViolations } from "./fundraiser-helpers";
import { signInAsAdmin } from "./services-helpers";

/**
 * Newsletters end to end (issue 62; docs/decisions/290-newsletter-sending-ledger.md to 293): two
 * people subscribe on the archive page and confirm by their welcome mail's link, one in Spanish;
 * staff write an issue in both languages, send themselves a test and send it; each subscriber's
 * mail is in their language with the unsubscribe headers; the body's unsubscribe link changes
 * nothing until its button; the archive lists the issue in both languages; axe finds nothing on
 * the tab and the archive in both themes.
 */

test.describe.configure({ mode: "serial" });

/** Quoted-printable undone, its bytes read as UTF-8. */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    "latin1",
  ).toString("utf8");

/** The mails to `to` whose text matches `pattern`, waited for until there is one. */
async function mailTo(to: string, pattern: RegExp) {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox())
          .filter((raw) => raw.includes(`To: ${to}`))
          .map(decoded)
          .find((text) => pattern.test(text));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as string;
}

const linkIn = (text: string, path: string) =>
  text.match(new RegExp(`https?://[^\\s/]+${path}[^\\s>"]*`))?.[0] ?? "";

async function subscribe(
  page: Page,
  path: string,
  firstName: string,
  email: string,
  labels: { first: string; email: string; button: string },
) {
  await page.goto(path);
  await page.getByRole("textbox", { name: labels.first, exact: true }).fill(firstName);
  await page.getByRole("textbox", { name: labels.email, exact: true }).fill(email);
  await page.getByRole("button", { name: labels.button }).click();
}

test("two subscribers confirm, staff send an issue in both languages, each gets theirs; leaving needs the button", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ana = uniqueEmail("ana-news");
  const beto = uniqueEmail("beto-news");
  const tag = Math.random().toString(36).slice(2, 8);
  const subjectEn = `Winter news ${tag}`;
  const subjectEs = `Noticias de invierno ${tag}`;

  // Two people sign up on the archive page, in English and in Spanish, and confirm.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await subscribe(visitorPage, "/newsletter", "Ana", ana, {
    first: "First name",
    email: "Email",
    button: "Subscribe",
  });
  await subscribe(visitorPage, "/es/newsletter", "Beto", beto, {
    first: "Nombre de pila",
    email: "Correo electrónico",
    button: "Suscribirse",
  });
  const anaConfirm = linkIn(await mailTo(ana, /\/newsletter\/confirm/), "/newsletter/confirm");
  const betoConfirm = linkIn(
    await mailTo(beto, /\/es\/newsletter\/confirm/),
    "/es/newsletter/confirm",
  );
  await visitorPage.goto(anaConfirm);
  await visitorPage.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(visitorPage.getByText("will get our newsletter")).toBeVisible();
  await visitorPage.goto(betoConfirm);
  await visitorPage.getByRole("button", { name: "Confirmar mi suscripción" }).click();
  await expect(visitorPage.getByText("recibirá nuestro boletín")).toBeVisible();

  // Staff write the issue in both languages.
  await signInAsAdmin(page);
  await page.goto("/admin/newsletters");
  await page.getByLabel("Subject in English").fill(subjectEn);
  await page
    .getByLabel("Body in English")
    .fill("## Warming centers\n\nThey are open tonight. [Find one](/find-help).");
  await page.getByLabel("Subject in Spanish (optional)").fill(subjectEs);
  await page
    .getByLabel("Body in Spanish (optional)")
    .fill("## Centros de calentamiento\n\nEstán abiertos esta noche.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: subjectEn })).toBeVisible();
  const editor = page.url();

  // A test to the staff member's own address, then the send.
  await page.getByRole("button", { name: /Send a test to admin@example.org/ }).click();
  await mailTo("admin@example.org", new RegExp(`Subject: \\[Test\\] ${subjectEn}`));
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("Sending started")).toBeVisible();

  const toAna = await mailTo(ana, new RegExp(`Subject: ${subjectEn}`));
  const toBeto = await mailTo(beto, new RegExp(`Subject: ${subjectEs}`));
  expect(toAna).toContain("They are open tonight.");
  expect(toBeto).toContain("Están abiertos esta noche.");
  for (const mail of [toAna, toBeto]) {
    const unfolded = mail.replace(/\r?\n(?=[ \t])/g, "");
    expect(unfolded).toMatch(
      /^List-Unsubscribe: <https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[^>]+>, <mailto:[^>]+>$/m,
    );
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  }
  await expect
    .poll(async () => {
      await page.goto(editor);
      return page.getByRole("definition").nth(1).textContent();
    })
    .not.toBe("0");

  // Opening the body's unsubscribe link changes nothing: opened again, it still asks.
  const leave = linkIn(toBeto, "/es/unsubscribe");
  await visitorPage.goto(leave);
  await visitorPage.goto(leave);
  await expect(visitorPage.getByRole("button", { name: "Cancelar la suscripción" })).toBeVisible();
  await visitorPage.getByRole("button", { name: "Cancelar la suscripción" }).click();
  await expect(visitorPage.getByRole("status")).toBeVisible();
  await visitorPage.goto(leave);
  await expect(visitorPage.getByRole("button", { name: "Cancelar la suscripción" })).toHaveCount(0);

  // The archive lists the issue in each language.
  await visitorPage.goto("/newsletter");
  await visitorPage.getByRole("link", { name: subjectEn }).click();
  await expect(visitorPage.getByRole("heading", { level: 1, name: subjectEn })).toBeVisible();
  await visitorPage.goto("/es/newsletter");
  await visitorPage.getByRole("link", { name: subjectEs }).click();
  await expect(visitorPage.getByRole("heading", { level: 1, name: subjectEs })).toBeVisible();
  await visitor.close();

  await expectNoViolations(page, "/admin/newsletters");
  await expectNoViolations(page, editor.replace(/^https?:\/\/[^/]+/, ""));
  await expectNoViolations(page, "/newsletter");
  await expectNoViolations(page, "/es/newsletter");
});
