import { type Locale, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";

const PURPOSE = "manage-gifts";
/** How long a 'manage your gift' link works; the page offers a new one by e-mail after that. */
export const MANAGE_LINK_DAYS = 30;

/** A signed, expiring token naming the donor's e-mail address (no password, no account). */
export function manageToken(email: string, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * 24 * 3600;
  return signToken(PURPOSE, `${email.toLowerCase()}|${expires}`);
}

export type ManageTokenCheck = { email: string } | { problem: "invalid" | "expired" };

export function checkManageToken(token: string | null, now: Date = new Date()): ManageTokenCheck {
  const subject = token ? verifyToken(PURPOSE, token) : null;
  const [email, expires] = subject?.split("|") ?? [];
  if (!email || !expires || !/^\d+$/.test(expires)) return { problem: "invalid" };
  if (Number(expires) * 1000 < now.getTime()) return { problem: "expired" };
  return { email };
}

/** The donor's gift page, in the language they read. */
export function manageUrl(email: string, locale: Locale = "en"): string {
  const path = `/donate/manage?token=${encodeURIComponent(manageToken(email))}`;
  return `${env().PUBLIC_URL}${localizePath(path, locale)}`;
}
