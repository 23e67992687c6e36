import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { user } from "#app/db/schema";
import { ensureAdmin, ensureAdminFromEnv } from "#app/features/accounts/admin-account.server";
import { auth } from "#app/lib/auth/better-auth.server";
import { resetEnvForTests } from "#app/lib/env.server";
import { createUser } from "#tests/auth-utils";

function setAdminEnv(email?: string, password?: string) {
  if (email === undefined) delete process.env.ADMIN_EMAIL;
  else process.env.ADMIN_EMAIL = email;
  if (password === undefined) delete process.env.ADMIN_PASSWORD;
  else process.env.ADMIN_PASSWORD = password;
  resetEnvForTests();
}

afterEach(() => setAdminEnv());

async function rows(email: string) {
  return db().select().from(user).where(eq(user.email, email));
}

describe("the first admin", () => {
  test("ADMIN_EMAIL/ADMIN_PASSWORD create a verified admin who can sign in, once", async () => {
    setAdminEnv("Boss@Example.org", "first-admin-passphrase-2026");
    await ensureAdminFromEnv();
    await ensureAdminFromEnv();
    const found = await rows("boss@example.org");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ role: "admin", emailVerified: true });
    const signedIn = await auth().api.signInEmail({
      body: { email: "boss@example.org", password: "first-admin-passphrase-2026" },
    });
    expect(signedIn.user.id).toBe(found[0].id);
  });

  test("an existing account is left alone at start (role and password unchanged)", async () => {
    const existing = await createUser({ email: "boss@example.org", role: "editor" });
    setAdminEnv("boss@example.org", "some-other-passphrase-2026");
    await ensureAdminFromEnv();
    expect((await rows("boss@example.org"))[0].role).toBe("editor");
    const signedIn = await auth().api.signInEmail({
      body: { email: existing.email, password: existing.password },
    });
    expect(signedIn.user.id).toBe(existing.id);
  });

  test("a common password or half the pair stops the start with one clear line", async () => {
    setAdminEnv("boss@example.org", "password123456");
    await expect(ensureAdminFromEnv()).rejects.toThrow(
      /^Invalid configuration: ADMIN_PASSWORD this password is too common/,
    );
    setAdminEnv("boss@example.org", undefined);
    await expect(ensureAdminFromEnv()).rejects.toThrow(
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    );
    expect(await rows("boss@example.org")).toHaveLength(0);
  });

  test("nothing set, nothing created", async () => {
    setAdminEnv();
    await ensureAdminFromEnv();
    expect(await db().select().from(user)).toHaveLength(0);
  });

  test("the CLI's promote makes an existing account a verified admin", async () => {
    const existing = await createUser({ email: "helper@example.org", role: "user" });
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, existing.id));
    expect(await ensureAdmin("helper@example.org", "ignored-for-existing", { promote: true })).toBe(
      "promoted",
    );
    expect((await rows("helper@example.org"))[0]).toMatchObject({
      role: "admin",
      emailVerified: true,
    });
    expect(await ensureAdmin("helper@example.org", "x", { promote: true })).toBe("exists");
  });

  test("the password rules hold for admins created through better-auth too", async () => {
    await expect(
      auth().api.createUser({
        body: { email: "weak@example.org", password: "qwerty123456", name: "Weak", role: "admin" },
      }),
    ).rejects.toThrow(/too common/);
    expect(await rows("weak@example.org")).toHaveLength(0);
  });
});
