import { randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user as userTable } from "#app/db/schema";
import { auth } from "#app/lib/auth/better-auth.server";
import type { Role } from "#app/lib/auth/roles";
import type { CurrentUser } from "#app/lib/auth/session.server";

export const TEST_PASSWORD = "correct-horse-battery-staple-42";

/**
 * better-auth's hash of each password, made by it once per test process: one scrypt hash costs
 * about 0.14 s of CPU, and the suite makes hundreds of accounts
 * (docs/decisions/260-accounts-for-tests.md).
 */
const passwordHashes = new Map<string, Promise<string>>();

async function passwordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = auth().$context.then((context) => context.password.hash(password));
    passwordHashes.set(password, hash);
  }
  return hash;
}

/**
 * A real, verified account written by better-auth's own adapter, as its sign-up writes one (a user
 * and a credential account holding the password's hash), then given `role` the way the Users tab
 * does: by updating the role column. The password signs in through every real path.
 */
export async function createUser({
  email = `${randomUUID()}@example.org`,
  role = "user",
  password = TEST_PASSWORD,
}: {
  email?: string;
  role?: Role;
  password?: string;
} = {}): Promise<CurrentUser & { password: string }> {
  const context = await auth().$context;
  const user = await context.internalAdapter.createUser(
    { email, name: email.split("@")[0], emailVerified: true },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await passwordHash(password),
  });
  await db().update(userTable).set({ role }).where(eq(userTable.id, user.id));
  return { id: user.id, email: user.email, name: user.name, role, password };
}

/** Turns Set-Cookie headers into the value of a Cookie request header. */
export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * A user with `role` and a real database session: `cookie` is the Cookie header a browser would
 * send after signing in. The session is made by better-auth's adapter (its create hooks run) and
 * the cookie signed with its secret, as its sign-in does, without checking the password again:
 * the sign-in itself is tested through the login form (auth-forms.test.ts).
 */
export async function createUserSession(role: Role, options: { email?: string } = {}) {
  const user = await createUser({ role, email: options.email });
  const context = await auth().$context;
  const session = await context.internalAdapter.createSession(user.id, false);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return {
    user,
    cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`,
  };
}

/** A GET request carrying a session cookie (for loaders). */
export function requestWithCookie(url: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(new URL(url, "http://localhost:3000"), { ...init, headers });
}
