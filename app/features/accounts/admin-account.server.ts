import { eq } from "drizzle-orm";
import { database, db, STARTUP_LOCKS } from "#app/db/client.server";
import { user } from "#app/db/schema/auth";
import { auth } from "#app/lib/auth/better-auth.server";
import { passwordProblem } from "#app/lib/auth/passwords.server";
import { ConfigError, env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";

export type AdminResult = "created" | "exists" | "promoted";

async function findByEmail(email: string) {
  const [found] = await db()
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  return found;
}

/**
 * Creates a verified admin account unless the address already has one. With `promote`, an
 * existing account is made a verified admin instead (the operator's CLI); the password of an
 * existing account is never changed here.
 */
export async function ensureAdmin(
  rawEmail: string,
  password: string,
  { promote = false }: { promote?: boolean } = {},
): Promise<AdminResult> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await findByEmail(email);
  if (existing) {
    if (!promote || existing.role === "admin") return "exists";
    await db()
      .update(user)
      .set({ role: "admin", emailVerified: true })
      .where(eq(user.id, existing.id));
    return "promoted";
  }
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  try {
    await auth().api.createUser({
      body: {
        email,
        password,
        name: "Administrator",
        role: "admin",
        data: { emailVerified: true },
      },
    });
  } catch (error) {
    // Another process starting at the same moment may have created it first.
    if (await findByEmail(email)) return "exists";
    throw error;
  }
  return "created";
}

/** At start: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, logging nothing secret. */
export async function ensureAdminFromEnv() {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (!ADMIN_EMAIL && !ADMIN_PASSWORD) return;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    );
  }
  const problem = passwordProblem(ADMIN_PASSWORD);
  if (problem) {
    throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD ${problem.toLowerCase()}`);
  }
  // Two processes starting together on a new database create it once, one after the other.
  const result = await database().exclusively(STARTUP_LOCKS.firstAdmin, () =>
    ensureAdmin(ADMIN_EMAIL, ADMIN_PASSWORD),
  );
  if (result === "created") logger.info({ email: ADMIN_EMAIL }, "admin account created");
}
