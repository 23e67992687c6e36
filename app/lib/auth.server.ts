import { redirect } from "react-router";

/**
 * Session helpers every loader and action uses. Accounts and sign-in arrive with the staff
 * dashboard (better-auth); until then nobody is signed in.
 */
export const roles = ["user", "editor", "finance", "admin"] as const;
export type Role = (typeof roles)[number];

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export async function getCurrentUser(_request: Request): Promise<CurrentUser | null> {
  return null;
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
