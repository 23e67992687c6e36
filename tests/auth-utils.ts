import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user as userTable } from "#app/db/schema";
import { auth } from "#app/lib/auth/better-auth.server";
import type { Role } from "#app/lib/auth/roles";
import type { CurrentUser } from "#app/lib/auth/session.server";

export const TEST_PASSWORD = "correct-horse-battery-staple-42";

/**
 * A real, verified account created through better-auth (password hashed by it), then given
 * `role` the way the Users tab does: by updating the role column.
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
  const { user } = await auth().api.createUser({
    body: { email, password, name: email.split("@")[0], data: { emailVerified: true } },
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
 * send after signing in through better-auth.
 */
export async function createUserSession(role: Role, options: { email?: string } = {}) {
  const user = await createUser({ role, email: options.email });
  const { headers } = await auth().api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  return { user, cookie: cookieHeaderFrom(headers) };
}

/** A GET request carrying a session cookie (for loaders). */
export function requestWithCookie(url: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(new URL(url, "http://localhost:3000"), { ...init, headers });
}
