import { and, eq, gt } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "#app/db/client.server";
import { session as sessionTable } from "#app/db/schema/auth";
import * as clock from "#app/lib/clock.server";
import { currentRequestContext } from "#app/lib/request-context.server";
import { auth } from "./better-auth.server";
import { isRole, type Role, roles } from "./roles";
import { SESSION_LIMITS } from "./session-limits";

/**
 * Session helpers every loader and action uses. The session is better-auth's, kept in the
 * database and named by an HttpOnly cookie; every check happens on the server.
 */
export { type Role, roles };

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * The new end of a session used at `now`: the idle window from now, never past the absolute
 * lifetime counted from sign-in; null while the last renewal is recent enough
 * (docs/decisions/131-session-lifetime.md).
 */
export function renewedExpiry(
  { createdAt, expiresAt }: { createdAt: Date; expiresAt: Date },
  now = clock.now(),
): Date | null {
  const idleMs = SESSION_LIMITS.idleSeconds * 1000;
  const lastRenewal = expiresAt.getTime() - idleMs;
  if (now.getTime() - lastRenewal < SESSION_LIMITS.renewEverySeconds * 1000) return null;
  const end = Math.min(
    now.getTime() + idleMs,
    createdAt.getTime() + SESSION_LIMITS.absoluteSeconds * 1000,
  );
  return end > expiresAt.getTime() ? new Date(end) : null;
}

/** Slides a used session's idle window; a session already past its end is left to expire. */
async function renew(session: { id: string; createdAt: Date; expiresAt: Date }) {
  const now = clock.now();
  const expiresAt = renewedExpiry(session, now);
  if (!expiresAt) return;
  await db()
    .update(sessionTable)
    .set({ expiresAt, updatedAt: now })
    .where(and(eq(sessionTable.id, session.id), gt(sessionTable.expiresAt, now)));
}

interface SignedIn {
  user: CurrentUser;
  sessionId: string;
}

/**
 * The root loader and the page's own loaders ask at once for the user of one request: one lookup.
 * React Router hands each loader its own copy of the Request, so a lookup in flight is kept with
 * the request's context (app/lib/request-context.server.ts), for the cookie it was made with (a
 * page the cache renders while a visitor's request waits brings cookies of its own: server/app.ts).
 * It is forgotten once answered: an action that signs out or changes a role is followed by loaders
 * that must see the change. Outside a request's context (scripts, tests) the Request is the key.
 */
const lookups = new WeakMap<object, { cookie: string; lookup: Promise<SignedIn | null> }>();

async function lookUp(request: Request): Promise<SignedIn | null> {
  const found = await auth().api.getSession({
    headers: request.headers,
    query: { disableRefresh: true },
  });
  if (!found) return null;
  const { user } = found;
  await renew(found.session);
  return {
    sessionId: found.session.id,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      // An unknown value in the column grants nothing (least privilege).
      role: isRole(user.role) ? user.role : "user",
    },
  };
}

function signedIn(request: Request): Promise<SignedIn | null> {
  const cookie = request.headers.get("Cookie");
  // No session cookie, no session: anonymous requests never wait on the database.
  if (!cookie?.includes("session_token=")) return Promise.resolve(null);
  const key = currentRequestContext() ?? request;
  const inFlight = lookups.get(key);
  if (inFlight?.cookie === cookie) return inFlight.lookup;
  const entry = { cookie, lookup: lookUp(request) };
  lookups.set(key, entry);
  const forget = () => {
    if (lookups.get(key) === entry) lookups.delete(key);
  };
  entry.lookup.then(forget, forget);
  return entry.lookup;
}

/** The signed-in user of this request, or null. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return (await signedIn(request))?.user ?? null;
}

/** The id of the session this request is signed in with, or null. */
export async function getCurrentSessionId(request: Request): Promise<string | null> {
  return (await signedIn(request))?.sessionId ?? null;
}

export function isStaff(user: CurrentUser | null): boolean {
  return user !== null && user.role !== "user";
}

/** The signed-in user, or a redirect to /login. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect("/login");
  return user;
}

/** Whether the signed-in user's role is one of `allowed` (admin's always is); no visitor's is. */
export async function hasRole(request: Request, allowed: Role[]): Promise<boolean> {
  const user = await getCurrentUser(request);
  return user !== null && (user.role === "admin" || allowed.includes(user.role));
}

/**
 * The signed-in user when their role is one of `allowed` (admin always is); anonymous visitors
 * are sent to /login and other accounts get 403.
 */
export async function requireRole(request: Request, allowed: Role[]): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.role !== "admin" && !allowed.includes(user.role)) {
    throw new Response("Forbidden", { status: 403 });
  }
  return user;
}
