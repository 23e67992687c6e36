import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, linkFromMail, test, uniqueEmail } from "./fixtures";

const PASSWORD = "a-long-staff-passphrase-2026";

/** A toast with this title: sonner's with JavaScript, the server-rendered one without. */
const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast], .static-toast").filter({ hasText: title });

async function fillLogin(page: Page, email: string, password: string) {
  const panel = page.getByRole("tabpanel", { name: "Login" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Login" }).click();
}

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login\?tab=signup$/);
  const panel = page.getByRole("tabpanel", { name: "Sign Up" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: false }).fill(password);
  await panel.getByRole("button", { name: "Sign Up" }).click();
}

/** Signs up and follows the verification link: a verified account with the `user` role. */
async function verifiedAccount(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signUp(page, email);
  await expect(toast(page, "Signup successful")).toContainText(
    "Please check your email for verification",
  );
  await page.goto(
    await linkFromMail(email, "Verify your e-mail address", "/api/auth/verify-email"),
  );
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Email verified")).toBeVisible();
  return email;
}

test.describe("with JavaScript", () => {
  test("sign up, verify by e-mail, log in to the staff-access page, log out", async ({ page }) => {
    const email = uniqueEmail("signup");
    await signUp(page, email);
    await expect(toast(page, "Signup successful")).toContainText(
      "Please check your email for verification",
    );

    // Not verified yet: refused with the server's message.
    await fillLogin(page, email, PASSWORD);
    await expect(toast(page, "Login failed")).toContainText("Email not verified");

    await page.goto(
      await linkFromMail(email, "Verify your e-mail address", "/api/auth/verify-email"),
    );
    await expect(toast(page, "Email verified")).toBeVisible();

    await fillLogin(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, "Login successful")).toContainText("You are now logged in");
    await expect(
      page.getByRole("heading", { level: 1, name: "Staff access required" }),
    ).toBeVisible();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "better-auth.session_token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // Signed in, /login sends to /admin.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      (await page.context().cookies()).some(
        (cookie) => cookie.name === "better-auth.session_token",
      ),
    ).toBe(false);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the first admin from ADMIN_EMAIL reaches the dashboard; a wrong password shows the server's message", async ({
    page,
  }) => {
    await page.goto("/login");
    await fillLogin(page, "admin@example.org", "not-the-admin-password");
    await expect(toast(page, "Login failed")).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(page, "admin@example.org", "e2e-admin-password-2026");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });

  test("the browser checks the fields before sending; the server refuses a common password", async ({
    page,
  }) => {
    await page.goto("/login?tab=signup");
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Email").fill("not-an-email");
    await panel.getByLabel("Password", { exact: false }).fill("short");
    await panel.getByRole("button", { name: "Sign Up" }).click();
    await expect(panel.getByText("Please enter a valid email address")).toBeVisible();
    await expect(panel.getByText("Your password must be at least 12 characters.")).toBeVisible();

    await panel.getByLabel("Email").fill(uniqueEmail("common"));
    await panel.getByLabel("Password", { exact: false }).fill("qwerty123456");
    await panel.getByRole("button", { name: "Sign Up" }).click();
    await expect(panel.getByText("This password is too common.")).toBeVisible();
    await expect(panel.getByLabel("Password", { exact: false })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });

  test("password reset by e-mail link", async ({ page }) => {
    const email = await verifiedAccount(page, "reset");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
    ).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(toast(page, "Check your email")).toBeVisible();

    await page.goto(await linkFromMail(email, "Reset your password", "/api/auth/reset-password/"));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const newPassword = "my-new-staff-passphrase-2026";
    await page.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(toast(page, "Password changed")).toBeVisible();

    await fillLogin(page, email, PASSWORD);
    await expect(toast(page, "Login failed")).toContainText("Invalid email or password");
    await fillLogin(page, email, newPassword);
    await expect(page).toHaveURL(/\/admin$/);
  });

  for (const path of [
    "/login",
    "/login?tab=signup",
    "/forgot-password",
    "/reset-password?error=INVALID_TOKEN",
  ]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("a cross-site form post is refused and changes nothing", async ({ page, request }) => {
    const email = uniqueEmail("csrf");
    const response = await request.post("/login?tab=signup", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { intent: "signup", email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    const logout = await request.post("/logout", {
      headers: { Origin: "https://evil.example" },
      form: {},
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(403);
    // No account was made: signing up for real still sends the first verification e-mail.
    await signUp(page, email);
    await linkFromMail(email, "Verify your e-mail address", "/api/auth/verify-email");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs are links, and login and logout work as plain forms", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/login\?tab=signup$/);
    await expect(page.getByRole("tabpanel", { name: "Sign Up" })).toBeVisible();
    await page.getByRole("tab", { name: "Login" }).click();
    await expect(page.getByRole("tabpanel", { name: "Login" })).toBeVisible();

    await fillLogin(page, "admin@example.org", "a-wrong-password-here");
    await expect(toast(page, "Login failed")).toContainText("Invalid email or password");

    await fillLogin(page, "admin@example.org", "e2e-admin-password-2026");
    await expect(page).toHaveURL(/\/admin\//);
    await expect(toast(page, "Login successful")).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("sign-up errors come back from the server", async ({ page }) => {
    await page.goto("/login?tab=signup");
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Email").fill(uniqueEmail("nojs"));
    await panel.getByLabel("Password", { exact: false }).fill("password1234");
    await panel.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/login\?tab=signup$/);
    await expect(
      page.getByRole("tabpanel", { name: "Sign Up" }).getByText("This password is too common."),
    ).toBeVisible();
  });
});
