/**
 * Volunteer shifts (docs/decisions/237-volunteer-shifts.md): staff create a weekly series; a
 * visitor signs up for one shift without JavaScript in Spanish, finds the e-mail with its calendar
 * entry in the outbox and cancels by its link; the first person waiting is offered the seat and
 * claims it; the interest form still thanks; axe on the new pages in both languages and themes.
 */
import type { Browser, Page } from "@playwright/test";
import { axeViolations, expect, linkFromMail, outbox, test, uniqueEmail } from "./fixtures";
import { signInAsAdmin, toast } from "./services-helpers";

async function withoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

/** axe runs in the page, so a page with scripts visits `path` for it, in both themes. */
async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  for (const highContrast of [false, true]) {
    await page.evaluate((on) => {
      if (on) window.localStorage.setItem("accessibilitySettings", '{"highContrast":true}');
      else window.localStorage.removeItem("accessibilitySettings");
    }, highContrast);
    await page.reload();
    const theme = highContrast ? "high contrast" : "default";
    expect
      .soft(await axeViolations(page, { enhancedContrast: highContrast }), `${path}: axe, ${theme}`)
      .toEqual([]);
  }
}

/** A Tuesday at least a week ahead, as "YYYY-MM-DD". */
function nextTuesday() {
  const date = new Date(Date.now() + 8 * 24 * 3600_000);
  while (date.getUTCDay() !== 2) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The text/calendar part of a raw MIME mail, its base64 undone. */
function calendarPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((chunk) => chunk.includes("Content-Type: text/calendar"));
  expect(part, "a text/calendar part").toBeDefined();
  const [headers, ...body] = part!.split(/\r?\n\r?\n/);
  const text = body.join("\n\n");
  return /Content-Transfer-Encoding: base64/i.test(headers)
    ? Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8")
    : text;
}

/** Signs up on a shift's page (no JavaScript), in Spanish. */
async function signUpInSpanish(page: Page, shiftPath: string, name: string, email: string) {
  await page.goto(`/es${shiftPath}`);
  await page.getByLabel("Nombre").fill(name);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Tengo 18 años o más").check();
  await page.getByLabel("He leído los requisitos para voluntarios y los acepto").check();
  await page.getByRole("button", { name: "Inscribirme" }).click();
}

test("staff create a weekly series; a visitor signs up in Spanish without JavaScript, cancels, and the next person gets the seat", async ({
  browser,
  page: staff,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const title = `Breakfast line ${stamp}`;
  const titleEs = `Fila del desayuno ${stamp}`;

  await signInAsAdmin(staff);
  await staff.goto("/admin/shifts");
  const form = staff.getByRole("form", { name: "New shift or weekly series" });
  await form.getByLabel("Opportunity").selectOption("meal-service");
  await form.getByLabel("Title (English)").fill(title);
  await form.getByLabel("Title (Spanish)").fill(titleEs);
  await form.getByLabel("Date").fill(nextTuesday());
  await form.getByLabel("Place").fill("1234 Main Street, Houston");
  await form.getByLabel("Starts (Houston time)").fill("09:00");
  await form.getByLabel("Ends (Houston time)").fill("11:00");
  await form.getByLabel("Seats").fill("1");
  await form.getByLabel("Waitlist length").fill("2");
  await form.getByLabel(/^Weeks/).fill("4");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(staff, "4 weekly shifts created")).toBeVisible();
  await expect(staff.getByRole("link", { name: title })).toHaveCount(4);
  await expectNoViolations(staff, "/admin/shifts");

  // The visitor, without JavaScript, in Spanish: the card's Sign Up shows the shifts.
  const visitor = await withoutScripts(browser);
  const page = visitor.page;
  await page.goto("/es/volunteer");
  await page.getByRole("link", { name: /Inscribirse en Servicio de comidas/ }).click();
  const shiftLink = page.getByRole("link", { name: new RegExp(titleEs) }).first();
  await expect(shiftLink).toBeVisible();
  await expect(page.getByText("Lugares libres: 1").first()).toBeVisible();
  const shiftPath = new URL((await shiftLink.getAttribute("href"))!, "http://x").pathname.replace(
    /^\/es/,
    "",
  );

  const email = uniqueEmail("shift");
  await signUpInSpanish(page, shiftPath, "Rosa Díaz", email);
  await expect(toast(page, "Tiene un lugar")).toBeVisible();

  // A second person takes the waitlist.
  const second = uniqueEmail("waiting");
  await signUpInSpanish(page, shiftPath, "Luis Gómez", second);
  await expect(toast(page, "Está en la lista de espera")).toBeVisible();

  // The e-mail in the outbox carries the calendar entry and the link to cancel.
  const manage = await linkFromMail(email, "", "/es/volunteer/signup");
  const mail = (await outbox()).find((raw) => raw.includes(`To: ${email}`))!;
  const entry = calendarPart(mail);
  expect(entry).toContain("METHOD:REQUEST");
  expect(entry).toContain(`SUMMARY:${titleEs}`);

  await page.goto(manage);
  await expect(page.getByText("Tiene un lugar.")).toBeVisible();
  await page.getByRole("button", { name: "Cancelar mi inscripción" }).click();
  await expect(toast(page, "Su inscripción está cancelada")).toBeVisible();

  // The first person waiting is offered the seat, and claims it.
  // The second mail to them: the first said they were waiting.
  const claim = await linkFromMail(second, "", "/es/volunteer/shifts/", 2);
  expect(claim).toContain("/claim?token=");
  await expectNoViolations(staff, new URL(claim).pathname + new URL(claim).search);
  await expectNoViolations(staff, new URL(manage).pathname + new URL(manage).search);
  await page.goto(claim);
  await page.getByRole("button", { name: "Reclamar mi lugar" }).click();
  await expect(toast(page, "El lugar es suyo")).toBeVisible();
  // Used twice, the link says so.
  await page.goto(claim);
  await expect(page.getByText("Este lugar ya se reclamó con este enlace. Es suyo.")).toBeVisible();

  // Staff see the roster.
  await staff.goto("/admin/shifts");
  await staff.getByRole("link", { name: title }).first().click();
  await expect(staff.getByRole("cell", { name: second })).toBeVisible();
  await expect(staff.getByRole("cell", { name: email })).toBeVisible();
  await expectNoViolations(staff, new URL(staff.url()).pathname);

  for (const path of [shiftPath, `/es${shiftPath}`, "/es/volunteer?opportunity=meal-service"]) {
    await expectNoViolations(staff, path);
  }
  await visitor.context.close();
});

test("the interest form still thanks, for people who want another time", async ({ browser }) => {
  const { context, page } = await withoutScripts(browser);
  await page.goto("/volunteer?opportunity=medical-clinic#signup");
  const form = page.locator("#signup");
  await form.getByLabel("Name").fill("Cara Nguyen");
  await form.getByLabel("Email").fill(uniqueEmail("interest"));
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "Thank you for your interest")).toBeVisible();
  await context.close();
});
