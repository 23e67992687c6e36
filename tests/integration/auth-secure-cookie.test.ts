import { beforeAll, expect, test } from "vitest";
import { action as loginAction } from "#app/features/accounts/routes/login";
import { resetEnvForTests } from "#app/lib/env.server";
import { createUser } from "#tests/auth-utils";
import { formRequest, routeArgs } from "#tests/utils";

// Behind https (PUBLIC_URL), the session cookie is also Secure. The auth instance is created
// on first use, after this.
beforeAll(() => {
  process.env.PUBLIC_URL = "https://www.example.org";
  resetEnvForTests();
});

test("behind https the session cookie is Secure, HttpOnly and SameSite=Lax", async () => {
  const account = await createUser({ role: "admin" });
  const response = (await loginAction(
    routeArgs(
      formRequest("/login", { intent: "login", email: account.email, password: account.password }),
    ),
  )) as Response;
  expect(response.headers.get("Location")).toBe("/admin");
  const sessionCookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("__Secure-better-auth.session_token="));
  expect(sessionCookie).toBeDefined();
  expect(sessionCookie).toMatch(/;\s*Secure/i);
  expect(sessionCookie).toMatch(/HttpOnly/i);
  expect(sessionCookie).toMatch(/SameSite=Lax/i);
});
