/**
 * Schemas of the account forms (login, sign-up, password reset), shared by the browser (Conform)
 * and the server. The server adds the common-password check (app/lib/passwords.server.ts), which
 * needs a list too large to ship to phones.
 */
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 12;
/** scrypt's work grows with length; 128 is generous for a passphrase and bounds each attempt. */
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .max(254, "Your email address must be at most 254 characters.")
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address, such as name@example.org."));

/** Signing in accepts any stored password, so only presence is checked. */
const currentPassword = z
  .string({ error: "Please enter your password." })
  .min(1, "Please enter your password.")
  .max(PASSWORD_MAX_LENGTH, `Your password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A password being chosen: the length rule, checked in the browser and again on the server. */
export const newPassword = z
  .string({ error: "Please choose a password." })
  .min(PASSWORD_MIN_LENGTH, `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Your password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const loginSchema = z.object({ email, password: currentPassword });

export const signupSchema = z.object({ email, password: newPassword });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is incomplete." }).min(1).max(512),
    password: newPassword,
    confirmPassword: z.string({ error: "Please repeat your new password." }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });
