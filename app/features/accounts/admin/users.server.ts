import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user } from "#app/db/schema/auth";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { mapPage, newestFirst } from "#app/lib/admin/pagination.server";
import { isRole, type Role } from "#app/lib/auth/roles";
import { now } from "#app/lib/clock.server";

export async function listUsers(page: number) {
  return mapPage(await newestFirst(user, page), (row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : ("user" as Role),
    verified: row.emailVerified,
    date: formatDisplayDate(row.createdAt),
  }));
}

/** Sets an account's role; returns the account's e-mail, or null when there is no such account. */
export async function setUserRole(userId: string, role: Role): Promise<string | null> {
  const [updated] = await db()
    .update(user)
    .set({ role, updatedAt: now() })
    .where(eq(user.id, userId))
    .returning({ email: user.email });
  return updated?.email ?? null;
}
