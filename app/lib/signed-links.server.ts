import * as clock from "#app/lib/clock.server";
import { signToken, verifyToken } from "./tokens.server";

/**
 * Signed links that open one thing for a while, with no password: a donor's gifts
 * (app/features/donations/manage-link.server.ts) or one fundraiser page for its owner
 * (app/features/fundraisers/owner-link.server.ts). The token names its subject and expiry.
 */
export function expiringToken(
  purpose: string,
  subject: string,
  days: number,
  now: Date = clock.now(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + days * 24 * 3600;
  return signToken(purpose, `${subject}|${expires}`);
}

export type ExpiringTokenCheck = { subject: string } | { problem: "invalid" | "expired" };

/** The subject of a valid, unexpired token of `purpose`; a forged one is "invalid". */
export function checkExpiringToken(
  purpose: string,
  token: string | null | undefined,
  now: Date = clock.now(),
): ExpiringTokenCheck {
  const signed = token && token.length <= 1000 ? verifyToken(purpose, token) : null;
  const cut = signed?.lastIndexOf("|") ?? -1;
  const subject = signed && cut > 0 ? signed.slice(0, cut) : "";
  const expires = signed && cut > 0 ? signed.slice(cut + 1) : "";
  if (!subject || !/^\d+$/.test(expires)) return { problem: "invalid" };
  if (Number(expires) * 1000 < now.getTime()) return { problem: "expired" };
  return { subject };
}
