import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, outbox, test, uniqueEmail } from "./fixtures";

/** The newsletter form of the page (each page has one). */
const newsletter = (page: Page) => page.getByRole("form", { name: "Newsletter sign-up" });

/** A toast with this title: sonner's with JavaScript, the server-rendered one without. */
const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast], .static-toast").filter({ hasText: title });

/** The welcome e-mail sent to this address, decoded enough to read its link. */
async function unsubscribeLinkFor(email: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox()).find((raw) => raw.includes(`To: ${email}`));
      const text = mail?.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      link = text?.match(/http:\/\/localhost:\d+\/unsubscribe\?token=[^\s>]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test.describe("with JavaScript", () => {
  test("pre-launch newsletter: 'Subscribing...' state, toasts, cleared fields, duplicate", async ({
    page,
  }) => {
    const email = uniqueEmail("launch");
    await page.goto("/launch");
    // Hold the submission a moment so the busy state can be seen.
    await page.route(
      (url) => url.pathname.startsWith("/launch"),
      async (route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      },
    );
    const form = newsletter(page);
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Ana");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email.toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();

    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(form.getByRole("textbox", { name: "First name", exact: true })).toBeDisabled();
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toBeDisabled();

    const thanks = toast(page, "Thank you for subscribing!");
    await expect(thanks).toBeVisible();
    await expect(thanks).toContainText("We'll keep you updated on our launch, Ana.");
    await expect(form.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("");
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();

    // The same address again, in another case.
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Ana");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const duplicate = toast(page, "Already subscribed");
    await expect(duplicate).toBeVisible();
    await expect(duplicate).toContainText(
      "This email address is already subscribed to our newsletter.",
    );
    // Only a success clears the fields.
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
  });

  test("pre-launch newsletter: inline errors before anything is sent", async ({ page }) => {
    await page.goto("/launch");
    const form = newsletter(page);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Please enter your first name.")).toBeVisible();
    await expect(form.getByText("Please enter your email address.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "First name", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("ana@example");
    await form.getByRole("textbox", { name: "Email", exact: true }).blur();
    await expect(
      form.getByText("Please enter a valid email address, such as name@example.org."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("landing-page newsletter: thank-you toast and cleared fields", async ({ page }) => {
    await page.goto("/home");
    const form = newsletter(page);
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Ben");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("home"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Thank you for subscribing")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");
  });

  test("the welcome e-mail's unsubscribe link works", async ({ page }) => {
    const email = uniqueEmail("unsubscribe");
    await page.goto("/home");
    const form = newsletter(page);
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Cy");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Thank you for subscribing")).toBeVisible();

    const link = await unsubscribeLinkFor(email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(`Stop receiving our newsletter at ${email}?`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
    await expectNoAxeViolations(page);

    // The same link later still answers politely.
    await page.goto(link);
    await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
  });

  test("a forged unsubscribe link gets a friendly page with status 400", async ({ page }) => {
    const response = await page.goto("/unsubscribe?token=forged.token");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("contact: inline errors, then 'Message Sent' and cleared fields", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "(713) 555-0142" })).toBeVisible();
    await expect(page.getByRole("link", { name: "info@houstonhome.org" })).toBeVisible();

    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByText("Please enter a message.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByRole("textbox", { name: "Name", exact: true }).fill("<b>Dee</b>");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("contact"));
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("Do you need winter coats?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message Sent")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  });

  test("volunteer: Sign Up opens a dialog for that opportunity", async ({ page }) => {
    await page.goto("/volunteer");
    for (const hours of ["2-4 hours per week", "4-6 hours per week", "4-8 hours per week"]) {
      await expect(page.getByText(hours)).toBeVisible();
    }
    await expect(page.getByText("Be 18 years of age or older")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign Up for Medical Clinic" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign up: Medical Clinic" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByText("Please enter your name.")).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Eli");
    await dialog
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(uniqueEmail("volunteer"));
    await dialog
      .getByRole("textbox", { name: "Phone (optional)", exact: true })
      .fill("713 555 0100");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(toast(page, "Thank you for your interest")).toBeVisible();
    await expect(toast(page, "Thank you for your interest")).toContainText("Medical Clinic");
    await expect(dialog).toBeHidden();
  });

  test("partnerships: the Get Started form sends an inquiry", async ({ page }) => {
    await page.goto("/partnerships");
    for (const way of ["Cause Marketing", "Corporate Volunteer Days", "Workplace Giving"]) {
      await expect(page.getByRole("heading", { name: way })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Fran");
    await page.getByRole("textbox", { name: "Company", exact: true }).fill("Bayou Builders");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("partner"));
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("We would like a volunteer day.");
    await page.getByRole("button", { name: "Start the Conversation" }).click();
    await expect(toast(page, "Partnership Inquiry Received")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue("");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pre-launch and landing-page newsletters", async ({ page }) => {
    await page.goto("/launch");
    await newsletter(page)
      .getByRole("textbox", { name: "First name", exact: true })
      .fill("<i>Gil</i>");
    await newsletter(page)
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(uniqueEmail("nojs-launch"));
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/launch$/);
    // Markup typed into a field is shown as text.
    await expect(toast(page, "Thank you for subscribing!")).toContainText(
      "We'll keep you updated on our launch, <i>Gil</i>.",
    );
    await expect(newsletter(page).getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
      "",
    );

    await page.goto("/home");
    await newsletter(page).getByRole("textbox", { name: "First name", exact: true }).fill("Hana");
    await newsletter(page)
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(uniqueEmail("nojs-home"));
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Thank you for subscribing")).toBeVisible();
  });

  test("contact: server-side errors, then 'Message Sent'", async ({ page }) => {
    await page.goto("/contact");
    // Pass the browser's own checks but not the server's.
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("   ");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("ivy@localhost");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(
      page.getByText("Please enter a valid email address, such as name@example.org."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Hello");

    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ivy");
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(uniqueEmail("nojs-contact"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message Sent")).toBeVisible();
  });

  test("volunteer: Sign Up leads to the form on the page", async ({ page }) => {
    await page.goto("/volunteer");
    await page.getByRole("link", { name: "Sign Up for Meal Service" }).click();
    await expect(page).toHaveURL(/\/volunteer\?opportunity=meal-service#signup$/);
    const signup = page.getByRole("region", { name: "Sign up: Meal Service" });
    await signup.getByRole("textbox", { name: "Name", exact: true }).fill("Jo");
    await signup
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(uniqueEmail("nojs-volunteer"));
    await signup.getByRole("button", { name: "Sign Up" }).click();
    await expect(toast(page, "Thank you for your interest")).toBeVisible();
    await expect(page).toHaveURL(/\/volunteer$/);
  });

  test("partnerships: 'Partnership Inquiry Received'", async ({ page }) => {
    await page.goto("/partnerships");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Kai");
    await page.getByRole("textbox", { name: "Company", exact: true }).fill("Kai & Co");
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(uniqueEmail("nojs-partner"));
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Workplace giving");
    await page.getByRole("button", { name: "Start the Conversation" }).click();
    await expect(toast(page, "Partnership Inquiry Received")).toBeVisible();
  });

  test("unsubscribe works without JavaScript", async ({ page }) => {
    const email = uniqueEmail("nojs-unsub");
    await page.goto("/home");
    await newsletter(page).getByRole("textbox", { name: "First name", exact: true }).fill("Lu");
    await newsletter(page).getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Thank you for subscribing")).toBeVisible();
    await page.goto(await unsubscribeLinkFor(email));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
  });
});
