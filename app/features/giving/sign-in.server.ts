import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "#app/db/client.server";
import { donorSessions, donorSignInLinks } from "#app/db/schema/giving";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localizePath } from "#app/i18n/locales";
import { now } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";

/**
 * Signing a donor in without a password (docs/decisions/285-donor-sign-in.md): a link by e-mail
 * that works once, within 30 minutes, and only through the POST of the page it opens (a mail
 * scanner's GET changes nothing); then a session of 30 days of its own, apart from the staff's
 * better-auth sessions, so it can open no dashboard page and carry no role.
 */

export const LINK_MINUTES = 30;
export const SESSION_DAYS = 30;
const COOKIE = "donor_session";
/** Links asked for one address, and from one client, per hour. */
export const LINK_LIMITS = {
  address: { points: 3, durationSeconds: 3600 },
  client: { points: 10, durationSeconds: 3600 },
};

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The donor's pages' address: "Your giving" (/create-account) in the reader's language. */
export function givingPath(locale: Locale, path = "/create-account"): string {
  return localizePath(path, locale);
}

export type LinkRequest = { sent: true } | { waitSeconds: number };

/**
 * Queues a sign-in link to `email` when it has given, volunteered or raised funds here (`known`
 * says so); the answer is the same either way, so nobody learns who gives. Limited per address
 * and per client, counted before the address is looked up.
 */
export async function requestSignInLink(
  email: string,
  locale: Locale,
  client: string,
  known: (email: string) => Promise<boolean>,
): Promise<LinkRequest> {
  const address = normalEmail(email);
  const waits = await Promise.all([
    consumeRateLimit("giving-link:client", client, LINK_LIMITS.client),
    consumeRateLimit("giving-link:address", address, LINK_LIMITS.address),
  ]);
  const wait = waits.find((seconds) => seconds !== null);
  if (wait) return { waitSeconds: wait };
  if (!(await known(address))) return { sent: true };
  const token = newToken();
  const at = now();
  const t = serverT(locale);
  await db().transaction(async (tx) => {
    const [link] = await tx
      .insert(donorSignInLinks)
      .values({
        tokenHash: hash(token),
        email: address,
        language: locale,
        expiresAt: new Date(at.getTime() + LINK_MINUTES * 60_000),
        createdAt: at,
      })
      .returning({ id: donorSignInLinks.id });
    const url = `${env().PUBLIC_URL}${givingPath(locale, `/giving/sign-in?token=${token}`)}`;
    await enqueueMail(tx, {
      dedupeKey: `giving-link:${link.id}`,
      kind: "giving-link",
      to: address,
      subject: t("giving.mail.linkSubject", { org: env().ORG_NAME }),
      text: t("giving.mail.linkText", { link: url, minutes: LINK_MINUTES }),
    });
  });
  kickOutbox();
  return { sent: true };
}

export type LinkCheck = { email: string } | { problem: "invalid" | "used" | "expired" };

/** What a link is worth now, changing nothing: the "Continue" page's GET. */
export async function checkSignInLink(token: string | null): Promise<LinkCheck> {
  if (!token || !TOKEN.test(token)) return { problem: "invalid" };
  const [link] = await db()
    .select()
    .from(donorSignInLinks)
    .where(eq(donorSignInLinks.tokenHash, hash(token)));
  if (!link) return { problem: "invalid" };
  if (link.usedAt) return { problem: "used" };
  if (link.expiresAt <= now()) return { problem: "expired" };
  return { email: link.email };
}

/**
 * Uses the link up and opens a session, in one statement that only one of two racing posts can
 * win; returns the Set-Cookie header, or the reason it cannot sign in.
 */
export async function signInWithLink(
  token: string | null,
): Promise<{ cookie: string } | { problem: "invalid" | "used" | "expired" }> {
  const check = await checkSignInLink(token);
  if ("problem" in check) return check;
  const at = now();
  const session = newToken();
  const won = await db().transaction(async (tx) => {
    const [used] = await tx
      .update(donorSignInLinks)
      .set({ usedAt: at })
      .where(
        and(
          eq(donorSignInLinks.tokenHash, hash(token!)),
          isNull(donorSignInLinks.usedAt),
          gt(donorSignInLinks.expiresAt, at),
        ),
      )
      .returning({ email: donorSignInLinks.email });
    if (!used) return false;
    await tx.insert(donorSessions).values({
      tokenHash: hash(session),
      email: used.email,
      expiresAt: new Date(at.getTime() + SESSION_DAYS * 86_400_000),
      createdAt: at,
    });
    return true;
  });
  if (!won) return { problem: "used" };
  return { cookie: sessionCookie(session, SESSION_DAYS * 86_400) };
}

function sessionCookie(value: string, maxAge: number): string {
  const secure = env().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

function cookieToken(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COOKIE) {
      const value = rest.join("=");
      return TOKEN.test(value) ? value : null;
    }
  }
  return null;
}

export interface Donor {
  email: string;
  sessionId: string;
}

/** The donor signed in on this request, or null (no cookie, an ended or unknown session). */
export async function currentDonor(request: Request): Promise<Donor | null> {
  const token = cookieToken(request);
  if (!token) return null;
  const [session] = await db()
    .select({ id: donorSessions.id, email: donorSessions.email })
    .from(donorSessions)
    .where(and(eq(donorSessions.tokenHash, hash(token)), gt(donorSessions.expiresAt, now())));
  return session ? { email: session.email, sessionId: session.id } : null;
}

/** The signed-in donor, or a redirect to the sign-in page in the page's language. */
export async function requireDonor(request: Request, locale: Locale): Promise<Donor> {
  const donor = await currentDonor(request);
  if (!donor) throw redirect(givingPath(locale));
  return donor;
}

/** Ends this browser's session, or every session of the address; returns the clearing cookie. */
export async function signOut(donor: Donor, everywhere: boolean): Promise<string> {
  await db()
    .delete(donorSessions)
    .where(
      everywhere ? eq(donorSessions.email, donor.email) : eq(donorSessions.id, donor.sessionId),
    );
  return sessionCookie("", 0);
}
