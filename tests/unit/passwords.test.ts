import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { newPassword, signupSchema } from "#app/features/accounts/schemas";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  passwordProblem,
} from "#app/lib/auth/passwords.server";

describe("password rules", () => {
  test.each([
    "qwerty123456",
    "QWERTY123456",
    "1qaz2wsx3edc",
    "password1234",
    "Password1234!",
    "!!dragon123456",
    "football2024!",
    "zzzzzzzzzzzz",
    "111111111111",
  ])("%s is refused as common", (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(passwordProblem(password)).toBe(COMMON_PASSWORD_MESSAGE);
  });

  test.each([
    "correct horse battery staple",
    "houston-home-volunteer-2026",
    "e2e-admin-password-2026",
    "Tacos at Minute Maid!",
  ])("%s is accepted", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  test("length: 12 to 128 characters, the same limits the browser checks", () => {
    expect(passwordProblem("a-b-c-d-e-f")).toMatch(/at least 12/);
    expect(passwordProblem(`x${"-long-passphrase".repeat(8)}`)).toMatch(/at most 128/);
    expect(newPassword.safeParse("a-b-c-d-e-f").success).toBe(false);
    expect(newPassword.safeParse("a-b-c-d-e-f-").success).toBe(true);
  });

  test("any password the server accepts also passes the browser's schema", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 140 }), (password) => {
        if (passwordProblem(password) === null) {
          expect(newPassword.safeParse(password).success).toBe(true);
        }
      }),
    );
  });

  test("the sign-up e-mail is trimmed and lower-cased", () => {
    const parsed = signupSchema.parse({ email: "  Staff@Example.ORG ", password: "x".repeat(12) });
    expect(parsed.email).toBe("staff@example.org");
  });
});
