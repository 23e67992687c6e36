import { describe, expect, test, vi } from "vitest";
import { auth } from "#app/lib/auth/better-auth.server";
import { getCurrentUser, requireRole, requireUser } from "#app/lib/auth/session.server";
import { withRequestContext } from "#app/lib/request-context.server";
import { createUser, createUserSession, requestWithCookie } from "#tests/auth-utils";

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("session helpers", () => {
  test("a real session cookie identifies the user and role", async () => {
    const { user, cookie } = await createUserSession("editor");
    const current = await getCurrentUser(requestWithCookie("/admin", cookie));
    expect(current).toEqual({ id: user.id, email: user.email, name: user.name, role: "editor" });
  });

  test("no cookie, a forged cookie or a tampered one is nobody", async () => {
    const { cookie } = await createUserSession("admin");
    expect(await getCurrentUser(new Request("http://localhost:3000/admin"))).toBeNull();
    expect(
      await getCurrentUser(requestWithCookie("/admin", "better-auth.session_token=abc.def")),
    ).toBeNull();
    const tampered = cookie.replace(/=([^.]+)/, "=x$1");
    expect(await getCurrentUser(requestWithCookie("/admin", tampered))).toBeNull();
  });

  test("requireUser sends anonymous visitors to /login", async () => {
    const response = await thrown(requireUser(new Request("http://localhost:3000/admin")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  test("requireRole: wrong role is 403, allowed role and admin pass", async () => {
    const finance = await createUserSession("finance");
    const response = await thrown(
      requireRole(requestWithCookie("/admin", finance.cookie), ["editor"]),
    );
    expect(response.status).toBe(403);
    const user = await createUserSession("user");
    expect(
      (await thrown(requireRole(requestWithCookie("/admin", user.cookie), ["editor"]))).status,
    ).toBe(403);
    const editor = await createUserSession("editor");
    expect((await requireRole(requestWithCookie("/admin", editor.cookie), ["editor"])).role).toBe(
      "editor",
    );
    const admin = await createUserSession("admin");
    expect((await requireRole(requestWithCookie("/admin", admin.cookie), ["finance"])).role).toBe(
      "admin",
    );
  });

  // docs/decisions/131-session-lifetime.md
  test("a role change ends the existing session at once", async () => {
    const { user, cookie } = await createUserSession("editor");
    const { db } = await import("#app/db/client.server");
    const { user: users } = await import("#app/db/schema");
    const { eq } = await import("drizzle-orm");
    await db().update(users).set({ role: "user" }).where(eq(users.id, user.id));
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();
  });

  /** Runs `task` as the code handling one HTTP request runs (server/request-log.ts). */
  function inRequest<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      withRequestContext("req-session", () => {
        task().then(resolve, reject);
      });
    });
  }

  /** What React Router hands each loader: its own copy of the request. */
  const copyOf = (request: Request) => new Request(request.url, request);

  test("the loaders of one request, each with its own copy, share one lookup of the session", async () => {
    const { user, cookie } = await createUserSession("editor");
    const request = requestWithCookie("/admin/documents", cookie);
    const lookups = vi.spyOn(auth().api, "getSession");
    try {
      const users = await inRequest(() =>
        Promise.all([1, 2, 3].map(() => getCurrentUser(copyOf(request)))),
      );
      expect(users.map((current) => current?.id)).toEqual([user.id, user.id, user.id]);
      expect(lookups).toHaveBeenCalledTimes(1);
      // Two requests of the same browser are looked up each.
      await inRequest(() => getCurrentUser(copyOf(request)));
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  test("a lookup is shared with no other cookie, and a change after it answered is seen", async () => {
    const editor = await createUserSession("editor");
    const finance = await createUserSession("finance");
    const lookups = vi.spyOn(auth().api, "getSession");
    try {
      await inRequest(async () => {
        // A page the cache renders inside a visitor's request brings its own cookies.
        const [first, second] = await Promise.all([
          getCurrentUser(requestWithCookie("/admin", editor.cookie)),
          getCurrentUser(requestWithCookie("/", finance.cookie)),
        ]);
        expect(first?.id).toBe(editor.user.id);
        expect(second?.id).toBe(finance.user.id);
        expect(lookups).toHaveBeenCalledTimes(2);
        // An action ends the session; the loaders after it, in the same request, see nobody.
        const { db } = await import("#app/db/client.server");
        const { session } = await import("#app/db/schema");
        const { eq } = await import("drizzle-orm");
        await db().delete(session).where(eq(session.userId, editor.user.id));
        expect(await getCurrentUser(requestWithCookie("/admin", editor.cookie))).toBeNull();
      });
    } finally {
      lookups.mockRestore();
    }
  });

  test("createUser makes a verified account of the default role", async () => {
    const user = await createUser();
    expect(user.role).toBe("user");
  });
});
