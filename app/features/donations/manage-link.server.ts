import { type Locale, localizePath } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { checkExpiringToken, expiringToken } from "#app/lib/signed-links.server";

const PURPOSE = "manage-gifts";
/** How long a 'manage your gift' link works; the page offers a new one by e-mail after that. */
export const MANAGE_LINK_DAYS = 30;

/** A signed, expiring token naming the donor's e-mail address (no password, no account). */
export function manageToken(email: string, now: Date = clock.now()): string {
  return expiringToken(PURPOSE, email.toLowerCase(), MANAGE_LINK_DAYS, now);
}

export type ManageTokenCheck = { email: string } | { problem: "invalid" | "expired" };

export function checkManageToken(token: string | null, now: Date = clock.now()): ManageTokenCheck {
  const check = checkExpiringToken(PURPOSE, token, now);
  return "problem" in check ? check : { email: check.subject };
}

/** The donor's gift page, in the language they read. */
export function manageUrl(email: string, locale: Locale = "en"): string {
  const path = `/donate/manage?token=${encodeURIComponent(manageToken(email))}`;
  return `${env().PUBLIC_URL}${localizePath(path, locale)}`;
}

/**
 * "Your giving", where every receipt's "manage your gift" link leads: the donor signs in there by
 * an e-mailed link (app/features/giving, docs/decisions/285-donor-sign-in.md).
 */
export function givingUrl(locale: Locale = "en"): string {
  return `${env().PUBLIC_URL}${localizePath("/create-account", locale)}`;
}
