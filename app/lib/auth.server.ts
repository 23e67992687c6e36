import { redirect } from "react-router";
import { auth } from "./better-auth.server";
import { isRole, type Role, roles } from "./roles";

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

// The root loader and the page's own loader both ask for the user of one request: one lookup.
const lookups = new WeakMap<Request, Promise<CurrentUser | null>>();

async function lookUpUser(request: Request): Promise<CurrentUser | null> {
  const found = await auth().api.getSession({
    headers: request.headers,
    query: { disableRefresh: true },
  });
  if (!found) return null;
  const { user } = found;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    // An unknown value in the column grants nothing (least privilege).
    role: isRole(user.role) ? user.role : "user",
  };
}

/** The signed-in user of this request, or null. */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpUser(request);
    lookups.set(request, lookup);
  }
  return lookup;
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
