import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, uniqueEmail } from "./fixtures";

const HEADLINE = "Everyone Deserves A Place to Call Home";

const countdownValues = (page: Page) =>
  page.getByRole("timer", { name: "Time until our launch" }).locator("[data-unit]");

test.describe("landing page", () => {
  test("/ shows the full landing page, as the launch date has passed", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Everyone Deserves A Place to Call Home/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
    await expect(page.locator("#donate")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Impact" })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("/home has the hero, impact figures, programs and the newsletter", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
    await expect(page.getByRole("img", { name: /family at the lit doorway/ })).toBeVisible();
    const impact = page.getByRole("region", { name: "Our Impact" });
    for (const text of [
      "1,000+People helped monthly",
      "15,000Meals served",
      "500+Shelter beds",
      "24/7Support",
    ]) {
      await expect(impact.getByRole("listitem").filter({ hasText: text.slice(0, 5) })).toHaveText(
        text,
      );
    }
    const programs = page.getByRole("region", { name: "Our Programs" });
    const learnMore = programs.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toHaveCount(3);
    await expect(
      programs.getByRole("link", { name: "Learn More about Emergency Shelter" }),
    ).toHaveAttribute("href", "#");
    await expect(
      programs.getByRole("link", { name: "Learn More about Meal Program" }),
    ).toHaveAttribute("href", "#");
    await expect(
      programs.getByRole("link", { name: "Learn More about Resource Center" }),
    ).toHaveAttribute("href", "/resources");
    const newsletter = page.getByRole("region", { name: "Stay Connected" });
    await expect(newsletter.getByLabel("First name")).toBeVisible();
    await expect(newsletter.getByLabel("Email")).toHaveAttribute("type", "email");
    await expectNoAxeViolations(page);
  });

  test("the nav's 'Donate Now' moves to the donation section", async ({ page }) => {
    await page.goto("/home");
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Donate Now" })
      .click();
    await expect(page).toHaveURL(/\/home#donate$/);
    await expect(page.locator("#donate")).toBeInViewport();

    await page.goto("/about");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Donate Now" })
      .click();
    await expect(page).toHaveURL(/\/home#donate$/);
    await expect(page.locator("#donate")).toBeInViewport();
  });
});

test("the landing page's newsletter shows what is missing when sent empty", async ({ page }) => {
  await page.goto("/home");
  const form = page.getByRole("form", { name: "Newsletter sign-up" });
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form).toContainText("Please enter your first name.");
  await expect(form).toContainText("Please enter your email address.");
  await expect(form.getByRole("textbox", { name: "First name" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test.describe("full-site donation panel", () => {
  test("presets, custom amount, impact message and frequency", async ({ page }) => {
    await page.goto("/home");
    const panel = page.getByRole("form", { name: "Donation" });
    const impact = panel.getByText(/can help/);
    const custom = panel.getByLabel("Or enter another amount");

    // Defaults: $50, one-time.
    await expect(panel.getByRole("radio", { name: "$50" })).toBeChecked();
    await expect(panel.getByRole("radio", { name: "One-time" })).toBeChecked();
    await expect(impact).toHaveText("Your gift of $50 can help 30+ people.");

    await panel.getByRole("radio", { name: "$25", exact: true }).check();
    await expect(impact).toHaveText("Your gift of $25 can help 15+ people.");
    await panel.getByRole("radio", { name: "$100" }).check();
    await expect(impact).toHaveText("Your gift of $100 can help 60+ people.");
    await panel.getByRole("radio", { name: "$250" }).check();
    await expect(impact).toHaveText("Your gift of $250 can help 100+ people.");

    // The custom box keeps digits only, and its value takes over from the preset highlight.
    await custom.fill("7a5!");
    await expect(custom).toHaveValue("75");
    for (const name of ["$25", "$50", "$100", "$250"]) {
      await expect(panel.getByRole("radio", { name, exact: true })).not.toBeChecked();
    }
    await expect(impact).toHaveText("Your gift of $75 can help 60+ people.");
    await expect(panel.getByRole("button", { name: "Donate $75" })).toBeVisible();

    await panel.getByRole("radio", { name: "Monthly" }).check();
    await expect(impact).toHaveText("Your monthly gift of $75 can help 60+ people.");
    await expect(panel.getByRole("button", { name: "Donate $75 monthly" })).toBeVisible();

    // Choosing a preset clears the custom amount.
    await panel.getByRole("radio", { name: "$25", exact: true }).check();
    await expect(custom).toHaveValue("");
    await expect(impact).toHaveText("Your monthly gift of $25 can help 15+ people.");
  });

  test("presets are a radio group operable with the keyboard", async ({ page }) => {
    await page.goto("/home");
    const panel = page.getByRole("form", { name: "Donation" });
    await panel.getByRole("radio", { name: "$50" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(panel.getByRole("radio", { name: "$100" })).toBeChecked();
    await expect(panel.getByRole("radio", { name: "$100" })).toBeFocused();
    await expect(panel.getByText(/can help/)).toHaveText("Your gift of $100 can help 60+ people.");
  });

  test("an amount outside $1-$100,000 gets an inline error and is not sent", async ({ page }) => {
    await page.goto("/home");
    const panel = page.getByRole("form", { name: "Donation" });
    const custom = panel.getByLabel("Or enter another amount");
    await custom.fill("0");
    await panel.getByRole("button", { name: "Donate" }).click();
    await expect(panel.getByText("The smallest gift we can accept online is $1.")).toBeVisible();
    await expect(custom).toHaveAttribute("aria-invalid", "true");
    await custom.fill("250000");
    await expect(
      panel.getByText(/The largest gift we can accept online is \$100,000/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test.describe("on a 375 px wide screen", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("'DONATE NOW' opens the panel in a dialog; Escape closes it", async ({ page }) => {
      await page.goto("/home");
      // The inline copy is hidden from everyone at this width.
      await expect(page.locator(".donate-inline")).toBeHidden();
      // A button once the scripts have run (docs/decisions/214-enhanced-controls-are-buttons.md).
      const trigger = page.getByRole("button", { name: "DONATE NOW", exact: true });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name: "Give Today" });
      await expect(dialog).toBeVisible();
      await expect(page.getByRole("form", { name: "Donation" })).toHaveCount(1);
      await dialog.getByRole("radio", { name: "$250" }).check();
      await expect(dialog.getByText(/can help/)).toHaveText(
        "Your gift of $250 can help 100+ people.",
      );
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

    test("the panel is inline at every width and continues to the payment page", async ({
      page,
    }) => {
      await page.goto("/home");
      await expect(page.getByRole("link", { name: "DONATE NOW", exact: true })).toBeHidden();
      const panel = page.getByRole("form", { name: "Donation" });
      await panel.getByLabel("Or enter another amount").fill("$40");
      await panel.getByRole("textbox", { name: "Your name" }).fill("Small Screen");
      await panel.getByRole("textbox", { name: "Your email" }).fill(uniqueEmail("narrow"));
      await panel.getByRole("button", { name: /Donate/ }).click();
      await expect(page).toHaveURL(/\/donate\/pay\//, { timeout: 30_000 });
      await expect(page.getByRole("main")).toContainText("$40.00");
    });

    test("a refused amount comes back with its message and the typed value", async ({ page }) => {
      await page.goto("/home");
      const panel = page.getByRole("form", { name: "Donation" });
      await panel.getByLabel("Or enter another amount").fill("twelve");
      // Name and e-mail are given: the browser's own checks would hold back an empty form.
      await panel.getByRole("textbox", { name: "Your name" }).fill("Typo Donor");
      await panel.getByRole("textbox", { name: "Your email" }).fill(uniqueEmail("typo"));
      await panel.getByRole("button", { name: /Donate/ }).click();
      await expect(
        page.getByText("Please enter a whole-dollar amount, for example 75."),
      ).toBeVisible();
      await expect(panel.getByLabel("Or enter another amount")).toHaveValue("twelve");
    });
  });
});

test.describe("pre-launch page", () => {
  test("has its hero, countdown at zero, newsletter, about, FAQ and own footer", async ({
    page,
  }) => {
    await page.goto("/launch");
    await expect(page).toHaveTitle(/Coming Soon/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "A New Home for Hope Is Coming",
    );
    // No site navigation on the standalone page.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    // The default launch date has passed: zeros.
    await expect(countdownValues(page)).toHaveText(["00", "00", "00", "00"]);
    await expect(page.getByRole("timer")).toContainText("Days");

    await expect(
      page.getByRole("region", { name: "Be the First to Know" }).getByLabel("Email"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Follow us on Instagram" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Scroll down to learn more" })).toHaveAttribute(
      "href",
      "#about",
    );
    await page.getByRole("link", { name: "Join Our Newsletter" }).click();
    await expect(page).toHaveURL(/#newsletter$/);

    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    await expect(faq.locator("summary")).toHaveCount(3);
    await faq.getByText("When does the new website launch?").click();
    await expect(faq.getByText(/We launch in early 2025/)).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "info@houstonhome.org" })).toHaveAttribute(
      "href",
      "mailto:info@houstonhome.org",
    );
    await expect(footer).toContainText(/© \d{4} Houston Home Foundation/);
    await expectNoAxeViolations(page);
  });

  test("pre-launch donation panel: presets with people, custom amount", async ({ page }) => {
    await page.goto("/launch");
    const panel = page.getByRole("region", { name: "Support Our Mission" });
    const impact = panel.getByText(/can help/);
    await expect(panel.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(panel.getByRole("radio", { name: "$40 (12 people)" })).toBeChecked();
    await expect(impact).toHaveText("Your monthly gift of $40 can help 12 people.");
    await panel.getByRole("radio", { name: "$10 (3 people)" }).check();
    await expect(impact).toHaveText("Your monthly gift of $10 can help 3 people.");
    await panel.getByRole("radio", { name: "One-time" }).check();
    await panel.getByRole("radio", { name: "$100 (30 people)" }).check();
    await expect(impact).toHaveText("Your gift of $100 can help 30 people.");

    const custom = panel.getByLabel("Or enter another amount");
    await custom.fill("1x5");
    await expect(custom).toHaveValue("15");
    await expect(impact).toHaveText("Your gift of $15 can help 30+ people.");
    // Emptying the box keeps the previous amount.
    await custom.fill("");
    await expect(impact).toHaveText("Your gift of $15 can help 30+ people.");
    await panel.getByRole("radio", { name: "$20 (6 people)" }).check();
    await expect(impact).toHaveText("Your gift of $20 can help 6 people.");

    // The pre-launch panel takes the payment too (docs/decisions/070-donation-payment-flow.md).
    await expect(panel.getByRole("button", { name: "Donate $20" })).toBeEnabled();
  });

  test("the countdown ticks every second and stops at zero", async ({ page }) => {
    // Start well before, then stop the clock at 10 s to go, however long the page took to load.
    await page.clock.install({ time: new Date(2025, 3, 23, 22, 0, 0) });
    await page.goto("/launch");
    await expect(countdownValues(page).first()).not.toHaveText("--");
    await page.clock.pauseAt(new Date(2025, 3, 23, 23, 59, 50));
    await expect(countdownValues(page)).toHaveText(["00", "00", "00", "10"]);
    await page.clock.runFor(3000);
    await expect(countdownValues(page)).toHaveText(["00", "00", "00", "07"]);
    await page.clock.runFor(10_000);
    await expect(countdownValues(page)).toHaveText(["00", "00", "00", "00"]);
    await expect(page.getByText("The countdown has ended. We have launched!")).toBeAttached();
  });

  test("a day and more is split into days, hours, minutes and seconds", async ({ page }) => {
    await page.clock.install({ time: new Date(2025, 3, 21, 20, 0, 0) });
    await page.goto("/launch");
    await expect(countdownValues(page).first()).not.toHaveText("--");
    await page.clock.pauseAt(new Date(2025, 3, 21, 21, 58, 30));
    await expect(countdownValues(page)).toHaveText(["02", "02", "01", "30"]);
  });
});

test.describe("about and privacy", () => {
  test("/about tells the mission, the founder and the history", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us - Houston Home Foundation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(
      page.getByRole("main").getByText("100% of funds go to our programs."),
    ).toBeVisible();
    const founder = page.getByRole("region", { name: "Our Founder" });
    await expect(founder).toContainText("Founder and Executive Director");
    await expect(founder).toContainText("in 2010");
    await expect(founder).toContainText("over 15 years of experience");
    await expect(page.getByRole("heading", { name: "Our History" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("/privacy is the policy effective February 13, 2025", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle("Privacy Policy - Houston Home Foundation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByText("Effective February 13, 2025")).toBeVisible();
    for (const heading of [
      "What we collect",
      "Donations and card payments",
      "Newsletter and unsubscribing",
      "Cookies and local storage",
      "Contact us",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByText(/A flash cookie/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("the content pages hydrate without errors in the browser console", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  for (const path of ["/", "/home", "/launch", "/about", "/privacy"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});
