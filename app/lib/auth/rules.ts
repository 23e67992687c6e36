/**
 * The account forms' rules and messages (English, like the staff pages), without Zod: the browser
 * words its native checks with them (app/lib/form-feedback.ts) and app/lib/auth-schemas.ts builds the
 * server's schemas from the same texts.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** scrypt's work grows with length; 128 is generous for a passphrase and bounds each attempt. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

export const authMessages = {
  email: "Please enter your email address.",
  emailTooLong: `Your email address must be at most ${EMAIL_MAX_LENGTH} characters.`,
  emailInvalid: "Please enter a valid email address, such as name@example.org.",
  password: "Please enter your password.",
  newPassword: "Please choose a password.",
  passwordTooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  repeatPassword: "Please repeat your new password.",
  passwordsDiffer: "The two passwords do not match.",
  incompleteLink: "This reset link is incomplete.",
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong, memorable password.`,
} as const;

/** How the browser words the e-mail field's checks on every account form. */
export const emailRule = { missing: authMessages.email, invalid: authMessages.emailInvalid };

/** How the browser words the checks of a password being chosen. */
export const newPasswordRule = {
  missing: authMessages.newPassword,
  tooShort: authMessages.passwordTooShort,
};
