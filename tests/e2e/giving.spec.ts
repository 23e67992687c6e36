import type { Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import {
  expect,
  expectNoAxeViolationsInBothThemes,
  hydrated,
  linkFromMail,
  test,
  uniqueEmail,
} from "./fixtures";

/*
 * "Your giving" (docs/decisions/285-donor-sign-in.md to 287), in test payment mode: a donor gives
 * once and monthly, asks for a sign-in link, opens it (the GET alone shows no gift), continues,
 * sees both gifts, downloads the year's statement as PDF (read with pdf.js) and pauses the
 * monthly gift; in English and in Spanish, with axe on the new pages in both themes.
 */

const WORDS = {
  en: {
    prefix: "",
    form: "Donation",
    monthly: "Monthly",
    otherAmount: "Or enter another amount",
    name: "Your name",
    email: "Your email",
    donate: /^Donate/,
    card: "Card payment",
    number: "Card number",
    expiry: "Expiry date (MM/YY)",
    cvc: "Security code (CVC)",
    pay: /^Pay \$/,
    thanks: "Thank you for your gift!",
    heading: "Your giving",
    address: "E-mail address",
    sendLink: "E-mail me a sign-in link",
    linkSubject: "Your sign-in link",
    continueHeading: "Sign in to your giving",
    continue: "Continue",
    download: /^Download \d{4} statement \(PDF\)$/,
    manage: "Manage this monthly gift",
    months: "How long",
    pause: "Pause monthly gift",
    paused: /Paused until/,
    updated: "Monthly gift updated",
    back: "Back to your giving",
  },
  es: {
    prefix: "/es",
    form: "Donación",
    monthly: "Mensual",
    otherAmount: "O escriba otro monto",
    name: "Su nombre",
    email: "Su correo electrónico",
    donate: /^Donar/,
    card: "Pago con tarjeta",
    number: "Número de tarjeta",
    expiry: "Fecha de vencimiento (MM/AA)",
    cvc: "Código de seguridad (CVC)",
    pay: /^Pagar/,
    thanks: "¡Gracias por su donación!",
    heading: "Sus donaciones",
    address: "Correo electrónico",
    sendLink: "Envíeme un enlace para entrar",
    linkSubject: "Su enlace para entrar",
    continueHeading: "Entre a sus donaciones",
    continue: "Continuar",
    download: /^Descargar el resumen de \d{4} \(PDF\)$/,
    manage: "Administrar esta donación mensual",
    months: "Por cuánto tiempo",
    pause: "Pausar la donación mensual",
    paused: /En pausa hasta el/,
    updated: "Donación mensual actualizada",
    back: "Volver a sus donaciones",
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** Gives `dollars` once or monthly through the donation panel and the test card form. */
async function give(page: Page, words: Words, email: string, dollars: string, monthly: boolean) {
  await page.goto(`${words.prefix}/donate`);
  await hydrated(page);
  const form = page.getByRole("form", { name: words.form });
  if (monthly) await form.getByRole("radio", { name: words.monthly }).check();
  await form.getByRole("textbox", { name: words.otherAmount }).fill(dollars);
  await form.getByRole("textbox", { name: words.name }).fill("Nguyễn Mai");
  await form.getByRole("textbox", { name: words.email }).fill(email);
  await form.getByRole("button", { name: words.donate }).click();
  await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
  const card = page.getByRole("form", { name: words.card });
  await card.getByRole("textbox", { name: words.number }).fill("4242 4242 4242 4242");
  await card.getByRole("textbox", { name: words.expiry }).fill("12/34");
  await card.getByRole("textbox", { name: words.cvc }).fill("123");
  await card.getByRole("button", { name: words.pay }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.thanks);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

for (const locale of ["en", "es"] as const) {
  const words = WORDS[locale];
  test(`a donor signs in by link, sees both gifts, downloads the statement and pauses (${locale})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`giving-${locale}`);
    await give(page, words, email, "27", false);
    await give(page, words, email, "13", true);

    await page.goto(`${words.prefix}/create-account`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.heading);
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole("textbox", { name: words.address }).fill(email);
    await page.getByRole("button", { name: words.sendLink }).click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();

    const link = await linkFromMail(email, words.linkSubject, `${words.prefix}/giving/sign-in`);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.continueHeading);
    // The GET alone shows no gift.
    await expect(page.getByRole("main")).not.toContainText("$27.00");
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole("button", { name: words.continue }).click();

    await expect(page).toHaveURL(new RegExp(`${words.prefix}/giving$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.heading);
    const main = page.getByRole("main");
    await expect(main).toContainText("$27.00");
    await expect(main).toContainText("$13.00");
    await expectNoAxeViolationsInBothThemes(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: words.download }).first().click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const statement = await pdfText(Buffer.concat(chunks));
    expect(statement).toContain("$27.00");
    expect(statement).toContain("$13.00");
    expect(statement).toContain("Nguyễn Mai");

    await page.getByRole("link", { name: words.manage }).click();
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole("combobox", { name: words.months }).selectOption("2");
    await page.getByRole("button", { name: words.pause }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: words.updated }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText(words.paused);
    await page.getByRole("link", { name: words.back }).click();
    await expect(
      page.getByRole("region", { name: /Monthly gifts|Donaciones mensuales/ }),
    ).toContainText(words.paused);
  });
}
