/**
 * The owner's signed management link of one fundraiser page (docs/decisions/222-fundraiser-owner-link.md):
 * no password; the token names the page id with its own purpose, so it opens that page only.
 */

import { type Locale, localizePath } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { checkExpiringToken, expiringToken } from "#app/lib/signed-links.server";

const PURPOSE = "fundraiser-manage";
/** A page takes gifts for at most a year (app/features/fundraisers/rules.ts): the link outlives it. */
export const OWNER_LINK_DAYS = 400;

/** A page's or a gift's id. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function ownerToken(id: string, now: Date = clock.now()): string {
  return expiringToken(PURPOSE, id, OWNER_LINK_DAYS, now);
}

/** The page id an owner's token names, or null for a forged, malformed or expired one. */
export function ownerPageId(token: string | null | undefined, now: Date = clock.now()) {
  const check = checkExpiringToken(PURPOSE, token, now);
  return "subject" in check && UUID.test(check.subject) ? check.subject : null;
}

export function ownerPath(token: string): string {
  return `/fundraise/manage?token=${encodeURIComponent(token)}`;
}

/** The management page's address for e-mails, in the owner's language. */
export function ownerUrl(id: string, locale: Locale): string {
  return `${env().PUBLIC_URL}${localizePath(ownerPath(ownerToken(id)), locale)}`;
}
