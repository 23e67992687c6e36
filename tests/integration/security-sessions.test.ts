import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { session, user as userTable } from "#app/db/schema";
import { action, loader } from "#app/features/accounts/routes/sessions";
import { auth } from "#app/lib/auth/better-auth.server";
import { getCurrentUser, renewedExpiry } from "#app/lib/auth/session.server";
import { SESSION_LIMITS } from "#app/lib/auth/session-limits";
import {
  cookieHeaderFrom,
  createUser,
  createUserSession,
  requestWithCookie,
} from "#tests/auth-utils";
import { decodeQuotedPrintable, outboxMessages, routeArgs, toastOf } from "#tests/utils";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const IDLE = SESSION_LIMITS.idleSeconds * SECOND;
const ABSOLUTE = SESSION_LIMITS.absoluteSeconds * SECOND;

/** Signs the same account in once more, as from another browser. */
async function anotherSession(email: string, password: string) {
  const { headers } = await auth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return cookieHeaderFrom(headers);
}

async function sessionRows(userId: string) {
  return db().select().from(session).where(eq(session.userId, userId));
}

/** Moves a session's clock: signed in `signedInAgo` ms ago, its window ending in `endsIn` ms. */
async function ageSession(userId: string, { signedInAgo, endsIn }: Record<string, number>) {
  const now = Date.now();
  await db()
    .update(session)
    .set({ createdAt: new Date(now - signedInAgo), expiresAt: new Date(now + endsIn) })
    .where(eq(session.userId, userId));
}

async function respond(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    throw new Error("expected a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function post(cookie: string, fields: Record<string, string>) {
  return requestWithCookie("/account/sessions", cookie, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe("session lifetime", () => {
  test("renewal slides the idle window, at most once a minute, never past the absolute end", () => {
    const createdAt = new Date("2026-01-01T08:00:00Z");
    const now = new Date("2026-01-01T09:00:00Z");
    // Last renewed 10 minutes ago: the window restarts from now.
    const slid = renewedExpiry(
      { createdAt, expiresAt: new Date(now.getTime() + IDLE - 10 * MINUTE) },
      now,
    );
    expect(slid?.toISOString()).toBe(new Date(now.getTime() + IDLE).toISOString());
    // Renewed 20 seconds ago: no write.
    expect(
      renewedExpiry({ createdAt, expiresAt: new Date(now.getTime() + IDLE - 20 * SECOND) }, now),
    ).toBeNull();
    // Near the absolute end: capped there.
    const late = new Date(createdAt.getTime() + ABSOLUTE - 30 * MINUTE);
    const capped = renewedExpiry(
      { createdAt, expiresAt: new Date(late.getTime() + 5 * MINUTE) },
      late,
    );
    expect(capped?.toISOString()).toBe(new Date(createdAt.getTime() + ABSOLUTE).toISOString());
    // At the absolute end nothing extends it.
    const end = new Date(createdAt.getTime() + ABSOLUTE);
    expect(renewedExpiry({ createdAt, expiresAt: end }, end)).toBeNull();
  });

  test("a new session lasts the idle window, its cookie the absolute lifetime", async () => {
    const account = await createUser({ role: "editor" });
    const { headers } = await auth().api.signInEmail({
      body: { email: account.email, password: account.password },
      returnHeaders: true,
    });
    const [row] = await sessionRows(account.id);
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + IDLE))).toBeLessThan(MINUTE);
    const cookie = headers.getSetCookie().find((line) => line.includes("session_token"));
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_LIMITS.absoluteSeconds}`));
  });

  test("a session in use is renewed for another idle window", async () => {
    const { user, cookie } = await createUserSession("editor");
    await ageSession(user.id, { signedInAgo: HOUR, endsIn: IDLE - 30 * MINUTE });
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).not.toBeNull();
    const [row] = await sessionRows(user.id);
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + IDLE))).toBeLessThan(MINUTE);
  });

  test("an idle session ends, and using it does not bring it back", async () => {
    const { user, cookie } = await createUserSession("editor");
    await ageSession(user.id, { signedInAgo: 3 * HOUR, endsIn: -SECOND });
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();
    const [row] = await sessionRows(user.id);
    expect(row?.expiresAt.getTime() ?? 0).toBeLessThan(Date.now());
  });

  test("a session used all day ends at the absolute lifetime", async () => {
    const { user, cookie } = await createUserSession("editor");
    await ageSession(user.id, { signedInAgo: ABSOLUTE - 10 * MINUTE, endsIn: 5 * MINUTE });
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).not.toBeNull();
    const [row] = await sessionRows(user.id);
    expect(row.expiresAt.getTime()).toBe(row.createdAt.getTime() + ABSOLUTE);

    await ageSession(user.id, { signedInAgo: ABSOLUTE + SECOND, endsIn: -SECOND });
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();
  });
});

describe("sessions end on account changes", () => {
  test("a role change ends every session of the account, and only of that account", async () => {
    const { user, cookie } = await createUserSession("editor");
    const second = await anotherSession(user.email, user.password);
    const bystander = await createUserSession("editor");

    await db().update(userTable).set({ role: "finance" }).where(eq(userTable.id, user.id));

    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();
    expect(await getCurrentUser(requestWithCookie("/admin", second))).toBeNull();
    expect(await sessionRows(user.id)).toEqual([]);
    expect(await getCurrentUser(requestWithCookie("/admin", bystander.cookie))).not.toBeNull();
  });

  test("other changes to the account, or the same role again, keep its sessions", async () => {
    const { user, cookie } = await createUserSession("editor");
    await db().update(userTable).set({ name: "Renamed" }).where(eq(userTable.id, user.id));
    await db().execute(sql`update "user" set role = 'editor' where id = ${user.id}`);
    expect((await getCurrentUser(requestWithCookie("/admin", cookie)))?.name).toBe("Renamed");
  });

  test("a password reset ends every session of the account", async () => {
    const { user, cookie } = await createUserSession("finance");
    const second = await anotherSession(user.email, user.password);
    await auth().api.requestPasswordReset({ body: { email: user.email, redirectTo: "/x" } });
    const [mail] = await outboxMessages();
    const token = decodeQuotedPrintable(mail).match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    await auth().api.resetPassword({
      body: { token: token!, newPassword: "another-long-passphrase-7" },
    });
    expect(await sessionRows(user.id)).toEqual([]);
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();
    expect(await getCurrentUser(requestWithCookie("/admin", second))).toBeNull();
  });
});

describe("/account/sessions", () => {
  test("lists the account's own sessions, marking this browser's", async () => {
    const { user, cookie } = await createUserSession("editor");
    await anotherSession(user.email, user.password);
    await createUserSession("editor");
    const data = await loader(routeArgs(requestWithCookie("/account/sessions", cookie)));
    expect(data.email).toBe(user.email);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((row) => row.current)).toHaveLength(1);
  });

  test("ends another of one's sessions, which stops working", async () => {
    const { user, cookie } = await createUserSession("editor");
    const other = await anotherSession(user.email, user.password);
    const listed = await loader(routeArgs(requestWithCookie("/account/sessions", cookie)));
    const target = listed.sessions.find((row) => !row.current)!;
    const response = await respond(() =>
      action(routeArgs(post(cookie, { intent: "end", sessionId: target.id }))),
    );
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Session ended" });
    expect(await getCurrentUser(requestWithCookie("/admin", other))).toBeNull();
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).not.toBeNull();
  });

  test("ends all other sessions at once and keeps this one", async () => {
    const { user, cookie } = await createUserSession("admin");
    const others = [
      await anotherSession(user.email, user.password),
      await anotherSession(user.email, user.password),
    ];
    const response = await respond(() => action(routeArgs(post(cookie, { intent: "end-others" }))));
    expect(await toastOf(response)).toMatchObject({
      title: "Other sessions ended",
      description: "2 other browsers were signed out.",
    });
    for (const other of others) {
      expect(await getCurrentUser(requestWithCookie("/admin", other))).toBeNull();
    }
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).not.toBeNull();
  });

  test("cannot end another account's session, nor act on bad input", async () => {
    const { cookie } = await createUserSession("editor");
    const victim = await createUserSession("admin");
    const [victimSession] = await sessionRows(victim.user.id);
    const response = await respond(() =>
      action(routeArgs(post(cookie, { intent: "end", sessionId: victimSession.id }))),
    );
    expect(await toastOf(response)).toMatchObject({ type: "error" });
    expect(await getCurrentUser(requestWithCookie("/admin", victim.cookie))).not.toBeNull();

    const badForms: Record<string, string>[] = [{}, { intent: "end" }, { intent: "drop-table" }];
    for (const fields of badForms) {
      const refused = await respond(() => action(routeArgs(post(cookie, fields))));
      expect(await toastOf(refused)).toMatchObject({ type: "error" });
    }
    expect(await sessionRows(victim.user.id)).toHaveLength(1);
  });

  test("anonymous visitors are sent to /login", async () => {
    const response = await respond(() =>
      loader(routeArgs(new Request("http://localhost:3000/account/sessions"))),
    );
    expect(response.headers.get("Location")).toBe("/login");
  });
});
