/** The signed links a volunteer's e-mails carry: manage (cancel, change) and claim an offered seat. */
import { type Locale, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";

const MANAGE = "shift-signup";
const CLAIM = "shift-claim";
/** Longer than any token this module signs: anything longer is refused unread. */
const TOKEN_MAX = 300;

/** Opens one sign-up's page; it only lets its holder cancel that sign-up, so it does not expire. */
export function managePath(signupId: string): string {
  return `/volunteer/signup?token=${encodeURIComponent(signToken(MANAGE, signupId))}`;
}

export function signupIdFromManageToken(token: string | null): string | null {
  return token && token.length <= TOKEN_MAX ? verifyToken(MANAGE, token) : null;
}

/** Names one offer (the sign-up and its offer count): a later offer needs a later link. */
export function claimPath(shiftId: string, signupId: string, offer: number): string {
  const token = signToken(CLAIM, `${signupId}|${offer}`);
  return `/volunteer/shifts/${shiftId}/claim?token=${encodeURIComponent(token)}`;
}

export function offerFromClaimToken(
  token: string | null,
): { signupId: string; offer: number } | null {
  const subject = token && token.length <= TOKEN_MAX ? verifyToken(CLAIM, token) : null;
  const [signupId, offer] = subject?.split("|") ?? [];
  if (!signupId || !offer || !/^\d+$/.test(offer)) return null;
  return { signupId, offer: Number(offer) };
}

export function absoluteUrl(path: string, locale: Locale): string {
  return `${env().PUBLIC_URL}${localizePath(path, locale)}`;
}
