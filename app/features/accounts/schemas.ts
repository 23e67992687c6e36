/**
 * Schemas of the account forms (login, sign-up, password reset), checked on the server; the
 * browser checks the same rules natively (app/lib/auth/rules.ts). The server adds the
 * common-password check (app/lib/auth/passwords.server.ts), which needs a list too large to ship to phones.
 */
import { z } from "zod";
import { roles } from "#app/lib/auth/roles";
import {
  authMessages,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "#app/lib/auth/rules";

const email = z
  .string({ error: authMessages.email })
  .trim()
  .max(EMAIL_MAX_LENGTH, authMessages.emailTooLong)
  .toLowerCase()
  .pipe(z.email(authMessages.emailInvalid));

/** Signing in accepts any stored password, so only presence is checked. */
const currentPassword = z
  .string({ error: authMessages.password })
  .min(1, authMessages.password)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

/** A password being chosen: the length rule, checked in the browser and again on the server. */
export const newPassword = z
  .string({ error: authMessages.newPassword })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

export const loginSchema = z.object({ email, password: currentPassword });

export const signupSchema = z.object({ email, password: newPassword });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: authMessages.incompleteLink }).min(1).max(512),
    password: newPassword,
    confirmPassword: z.string({ error: authMessages.repeatPassword }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: authMessages.passwordsDiffer,
  });

/** The Users tab's role change. */
export const roleChangeSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(roles, { error: "Choose one of the roles" }),
});
