import { dictionary } from "@zxcvbn-ts/language-common";
import type { z } from "zod";
import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./rules";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common. Please choose one that is harder to guess.";

/**
 * The most common passwords, from zxcvbn-ts's common dictionary (the maintained npm package
 * @zxcvbn-ts/language-common, built from public password-leak frequency lists): about 49,000
 * entries, loaded once on the server.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary["passwords-common"]
      .map((entry) => entry.toLowerCase())
      .filter((entry) => entry.length >= 4),
  );
  return common;
}

/**
 * True for a password on the list, a listed password padded with digits or symbols
 * ("password1234!", "dragon123456"), or one character repeated.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return commonPasswords().has(lower) || commonPasswords().has(core) || /^(.)\1*$/su.test(lower);
}

/** Why a new password is refused, or null: the one rule for every way a password is set. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return authMessages.passwordTooShort;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return authMessages.passwordTooLong;
  }
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}

/** Adds the common-password check to a form schema whose `password` field is a new password. */
export function withPasswordCheck<Schema extends z.ZodType<{ password: string }>>(schema: Schema) {
  return schema.superRefine((value, context) => {
    if (isCommonPassword(value.password)) {
      context.addIssue({ code: "custom", path: ["password"], message: COMMON_PASSWORD_MESSAGE });
    }
  });
}
