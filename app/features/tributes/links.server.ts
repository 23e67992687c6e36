import { type Locale, localizePath } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";

/**
 * The donor's signed link to one dedication (docs/decisions/236-managing-a-dedication.md): the
 * donations feature's manage page links each dedication with it; it expires as that page's link
 * does, after 30 days, and names only the dedication.
 */
const PURPOSE = "tribute-dedication";
const LINK_DAYS = 30;

export function dedicationToken(dedicationId: string, now: Date = clock.now()): string {
  const expires = Math.floor(now.getTime() / 1000) + LINK_DAYS * 24 * 3600;
  return signToken(PURPOSE, `${dedicationId}|${expires}`);
}

/** The dedication a valid, unexpired token names, or null. */
export function dedicationFromToken(token: string | null, now: Date = clock.now()): string | null {
  const subject = token ? verifyToken(PURPOSE, token) : null;
  const [id, expires] = subject?.split("|") ?? [];
  if (!id || !expires || !/^\d+$/.test(expires)) return null;
  return Number(expires) * 1000 < now.getTime() ? null : id;
}

/** The page where the donor sees, corrects and resends the dedication, in their language. */
export function dedicationPath(dedicationId: string, locale: Locale): string {
  return localizePath(
    `/honor-giving/manage?token=${encodeURIComponent(dedicationToken(dedicationId))}`,
    locale,
  );
}

export function dedicationUrl(dedicationId: string, locale: Locale): string {
  return `${env().PUBLIC_URL}${dedicationPath(dedicationId, locale)}`;
}
