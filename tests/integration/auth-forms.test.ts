import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { session, user } from "#app/db/schema";
import { loader as authApiLoader } from "#app/features/accounts/routes/auth-api";
import { action as forgotAction } from "#app/features/accounts/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "#app/features/accounts/routes/login";
import {
  action as logoutAction,
  loader as logoutLoader,
} from "#app/features/accounts/routes/logout";
import {
  action as resetAction,
  loader as resetLoader,
} from "#app/features/accounts/routes/reset-password";
import { getCurrentUser } from "#app/lib/auth/session.server";
import {
  cookieHeaderFrom,
  createUser,
  createUserSession,
  requestWithCookie,
  TEST_PASSWORD,
} from "#tests/auth-utils";
import {
  decodeQuotedPrintable,
  formRequest,
  outboxMessages,
  routeArgs,
  toastOf,
} from "#tests/utils";

// The rate limiters live as long as the module: each test speaks from its own address.
let lastOctet = 0;
function newClientIp() {
  lastOctet += 1;
  return `198.51.100.${lastOctet}`;
}

function post(
  url: string,
  fields: Record<string, string>,
  options: { clientIp?: string; cookie?: string } = {},
) {
  return formRequest(url, fields, {
    clientIp: options.clientIp ?? newClientIp(),
    headers: options.cookie ? { Cookie: options.cookie } : {},
  });
}

/** Runs an action or loader and hands back what it returned or threw as a Response. */
async function respond(run: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    const value = result as { data?: unknown; init?: ResponseInit | null };
    return Response.json(value.data ?? result, value.init ?? {});
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function body(response: Response) {
  return (await response.json()) as {
    error?: Record<string, string[] | null>;
    status?: string;
  };
}

const signup = (fields: Record<string, string>, clientIp?: string) =>
  respond(() =>
    loginAction(
      routeArgs(post("/login?tab=signup", { intent: "signup", ...fields }, { clientIp })),
    ),
  );
const login = (fields: Record<string, string>, clientIp?: string) =>
  respond(() =>
    loginAction(routeArgs(post("/login", { intent: "login", ...fields }, { clientIp }))),
  );

function linkIn(message: string, path: string): string {
  const text = decodeQuotedPrintable(message);
  const match = text.match(new RegExp(`http://localhost:3000${path}[^\\s]*`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}

async function userRow(email: string) {
  const [row] = await db().select().from(user).where(eq(user.email, email));
  return row;
}

describe("sign-up", () => {
  test("creates an unverified `user` account and e-mails a working verification link", async () => {
    const response = await signup({ email: " New.Person@Example.org ", password: TEST_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Signup successful",
      description: "Please check your email for verification",
    });
    const row = await userRow("new.person@example.org");
    expect(row).toMatchObject({ role: "user", emailVerified: false });

    const messages = await outboxMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("To: new.person@example.org");
    const link = linkIn(messages[0], "/api/auth/verify-email");

    const verified = await respond(() => authApiLoader(routeArgs(new Request(link))));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/login?verified=1");
    expect((await userRow("new.person@example.org")).emailVerified).toBe(true);

    const landing = await respond(() =>
      loginLoader(routeArgs(new Request("http://localhost:3000/login?verified=1"))),
    );
    expect(await toastOf(landing)).toMatchObject({ type: "success", title: "Email verified" });
  });

  test("a forged or reused verification link verifies nothing", async () => {
    await signup({ email: "forged@example.org", password: TEST_PASSWORD });
    const link = linkIn((await outboxMessages())[0], "/api/auth/verify-email");
    const forged = link.replace(/token=([^&]+)/, "token=$1x");
    const response = await respond(() => authApiLoader(routeArgs(new Request(forged))));
    expect(response.headers.get("Location")).toMatch(/^\/login\?verified=1&error=/);
    expect((await userRow("forged@example.org")).emailVerified).toBe(false);

    const landing = await respond(() =>
      loginLoader(
        routeArgs(new Request(`http://localhost:3000${response.headers.get("Location")}`)),
      ),
    );
    expect(await toastOf(landing)).toMatchObject({ type: "error", title: "Verification failed" });
  });

  test.each([
    ["too short", "short-pass1", "at least 12 characters"],
    ["on the common list", "qwerty123456", "too common"],
    ["a common password padded", "password1234!", "too common"],
    ["one repeated character", "aaaaaaaaaaaaaa", "too common"],
  ])("refuses a password %s, inline, creating nothing", async (_label, password, message) => {
    const response = await signup({ email: "weak@example.org", password });
    expect(response.status).toBe(400);
    const reply = await body(response);
    expect(reply.error?.password?.join(" ")).toContain(message);
    expect(await userRow("weak@example.org")).toBeUndefined();
    expect(await outboxMessages()).toHaveLength(0);
  });

  test("refuses a missing or malformed e-mail", async () => {
    const response = await signup({ email: "not-an-email", password: TEST_PASSWORD });
    expect(response.status).toBe(400);
    expect((await body(response)).error?.email).toBeTruthy();
  });

  test("a filled honeypot gets the success toast and creates nothing", async () => {
    const response = await signup({
      email: "bot@example.org",
      password: TEST_PASSWORD,
      website: "http://spam.example",
    });
    expect((await toastOf(response))?.title).toBe("Signup successful");
    expect(await userRow("bot@example.org")).toBeUndefined();
    expect(await outboxMessages()).toHaveLength(0);
  });

  test("an address that has an account gets the same answer; its owner is told by e-mail", async () => {
    const existing = await createUser({ email: "taken@example.org", role: "editor" });
    const response = await signup({
      email: "taken@example.org",
      password: "another-long-passphrase",
    });
    expect((await toastOf(response))?.title).toBe("Signup successful");
    const rows = await db().select().from(user).where(eq(user.email, "taken@example.org"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing.id, role: "editor" });
    const messages = await outboxMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("You already have an account");
  });

  test("is rate-limited per account with a clear message", async () => {
    const email = "flood@example.org";
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signup({ email, password: TEST_PASSWORD })).status).toBe(302);
    }
    const response = await signup({ email, password: TEST_PASSWORD });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await body(response)).error?.[""]?.[0]).toMatch(
      /^Too many attempts\. Please wait \d+ minute\(s\)/,
    );
  });

  test("is rate-limited per client address", async () => {
    const clientIp = newClientIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await signup({ email: `person${attempt}@example.org`, password: TEST_PASSWORD }, clientIp);
    }
    const response = await signup(
      { email: "one-more@example.org", password: TEST_PASSWORD },
      clientIp,
    );
    expect(response.status).toBe(429);
    expect(await userRow("one-more@example.org")).toBeUndefined();
  });
});

describe("login", () => {
  test("success opens a database session in an HttpOnly, SameSite=Lax cookie and goes to /admin", async () => {
    const account = await createUser({ email: "staff@example.org", role: "editor" });
    const response = await login({ email: "Staff@Example.org", password: account.password });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Login successful",
      description: "You are now logged in",
    });
    const sessionCookie = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("better-auth.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    // PUBLIC_URL is http here; tests/integration/auth-secure-cookie.test.ts covers https.
    expect(sessionCookie).not.toMatch(/Secure/i);
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(1);

    // The toast cookie is not part of the session: keep only better-auth's.
    const cookie = cookieHeaderFrom(response.headers)
      .split("; ")
      .filter((part) => part.startsWith("better-auth"))
      .join("; ");
    expect((await getCurrentUser(requestWithCookie("/admin", cookie)))?.id).toBe(account.id);
  });

  test("a wrong password shows the server's message and opens no session", async () => {
    const account = await createUser({ email: "staff@example.org" });
    const response = await login({ email: account.email, password: "not-the-right-password" });
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Login failed",
      description: "Invalid email or password",
    });
    expect(await db().select().from(session)).toHaveLength(0);
  });

  test("an unknown address gets the same message as a wrong password", async () => {
    const response = await login({ email: "nobody@example.org", password: TEST_PASSWORD });
    expect((await toastOf(response))?.description).toBe("Invalid email or password");
  });

  test("an unverified account is refused and sent a new verification link", async () => {
    await signup({ email: "unverified@example.org", password: TEST_PASSWORD });
    const response = await login({ email: "unverified@example.org", password: TEST_PASSWORD });
    const toast = await toastOf(response);
    expect(toast).toMatchObject({ type: "error", title: "Login failed" });
    expect(toast?.description).toMatch(/^Email not verified/);
    expect(await db().select().from(session)).toHaveLength(0);
    const messages = await outboxMessages();
    expect(messages).toHaveLength(2);
    linkIn(messages[1], "/api/auth/verify-email");
  });

  test("missing fields are refused inline", async () => {
    const response = await login({ email: "", password: "" });
    expect(response.status).toBe(400);
    const reply = await body(response);
    expect(reply.error?.email).toBeTruthy();
    expect(reply.error?.password).toBeTruthy();
  });

  test("failed attempts are limited per account, whichever address they come from", async () => {
    const account = await createUser({ email: "target@example.org" });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await login({ email: account.email, password: `wrong-password-${attempt}` });
    }
    const response = await login({ email: account.email, password: account.password });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await body(response)).error?.[""]?.[0]).toMatch(
      /^Too many attempts\. Please wait \d+ minute\(s\) and try again\.$/,
    );
    expect(await db().select().from(session)).toHaveLength(0);
  });

  test("failed attempts are limited per client address across accounts", async () => {
    const clientIp = newClientIp();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await login({ email: `guess${attempt}@example.org`, password: TEST_PASSWORD }, clientIp);
    }
    const account = await createUser({ email: "innocent@example.org" });
    const response = await login({ email: account.email, password: account.password }, clientIp);
    expect(response.status).toBe(429);
    // Another address is not affected.
    expect((await login({ email: account.email, password: account.password })).status).toBe(302);
  });

  test("successful logins are never limited, and clear the account's failures", async () => {
    const account = await createUser({ email: "busy@example.org" });
    const clientIp = newClientIp();
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 9; attempt += 1) {
        await login({ email: account.email, password: "not-the-right-one" }, clientIp);
      }
      const response = await login({ email: account.email, password: account.password }, clientIp);
      expect(response.headers.get("Location")).toBe("/admin");
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await login({ email: account.email, password: account.password }, clientIp);
      expect(response.headers.get("Location")).toBe("/admin");
    }
  });

  test("a signed-in visitor opening /login is sent to /admin; others see the tab from the URL", async () => {
    const { cookie } = await createUserSession("user");
    const response = await respond(() =>
      loginLoader(routeArgs(requestWithCookie("/login", cookie))),
    );
    expect(response.headers.get("Location")).toBe("/admin");
    const anonymous = await loginLoader(
      routeArgs(new Request("http://localhost:3000/login?tab=signup")),
    );
    expect(anonymous).toMatchObject({ tab: "signup" });
  });
});

describe("logout", () => {
  test("ends the session on the server, clears the cookie and goes to /login", async () => {
    const { user: account, cookie } = await createUserSession("admin");
    const response = await respond(() => logoutAction(routeArgs(post("/logout", {}, { cookie }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(
      response.headers
        .getSetCookie()
        .some((line) => /^better-auth\.session_token=;.*Max-Age=0/i.test(line)),
    ).toBe(true);
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(0);
    // The old cookie, replayed, is nobody.
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();
  });

  test("without a session it just goes to /login", async () => {
    const response = await respond(() => logoutAction(routeArgs(post("/logout", {}))));
    expect(response.headers.get("Location")).toBe("/login");
  });

  test("a GET logs nobody out", async () => {
    const { cookie } = await createUserSession("admin");
    const response = await respond(() => logoutLoader());
    expect(response.headers.get("Location")).toBe("/login");
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).not.toBeNull();
  });

  test("a failure keeps the visitor informed: 'Failed to log out'", async () => {
    const { cookie } = await createUserSession("admin");
    const { openDatabase, installDatabase, database, isDatabaseUp } = await import(
      "#app/db/client.server"
    );
    const working = database();
    // A database that cannot be reached: nothing on port 1 answers.
    const broken = openDatabase({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" });
    installDatabase(broken);
    try {
      const response = await respond(() =>
        logoutAction(routeArgs(post("/logout", {}, { cookie }))),
      );
      expect(response.headers.get("Location")).toBe("/admin");
      expect(await toastOf(response)).toMatchObject({ type: "error", title: "Failed to log out" });
    } finally {
      installDatabase(working);
      await broken.close();
      // The broken database started an outage (app/db/outage.ts): the probe, asking the working
      // one, ends it, as it would within a second.
      expect(await isDatabaseUp()).toBe(true);
    }
    // Nothing was ended: the session still works.
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).not.toBeNull();
  });
});

describe("password reset", () => {
  async function requestReset(email: string) {
    return respond(() => forgotAction(routeArgs(post("/forgot-password", { email }))));
  }

  test("e-mails a link that leads to a form setting a new password and ending old sessions", async () => {
    const { user: account, cookie } = await createUserSession("editor");
    const response = await requestReset(account.email.toUpperCase());
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Check your email" });

    const messages = await outboxMessages();
    expect(messages).toHaveLength(1);
    const link = linkIn(messages[0], "/api/auth/reset-password/");
    const landing = await respond(() => authApiLoader(routeArgs(new Request(link))));
    const location = landing.headers.get("Location") ?? "";
    expect(location).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(location).searchParams.get("token")!;
    expect(await resetLoader(routeArgs(new Request(location)))).toMatchObject({ token });

    const newPassword = "a-brand-new-long-passphrase";
    const done = await respond(() =>
      resetAction(
        routeArgs(
          post("/reset-password", { token, password: newPassword, confirmPassword: newPassword }),
        ),
      ),
    );
    expect(done.headers.get("Location")).toBe("/login");
    expect(await toastOf(done)).toMatchObject({ type: "success", title: "Password changed" });
    expect(await getCurrentUser(requestWithCookie("/admin", cookie))).toBeNull();

    expect(
      (await login({ email: account.email, password: account.password })).headers.get("Location"),
    ).toBe("/login");
    expect(
      (await login({ email: account.email, password: newPassword })).headers.get("Location"),
    ).toBe("/admin");

    // The link works once.
    const again = await respond(() =>
      resetAction(
        routeArgs(
          post("/reset-password", {
            token,
            password: `${newPassword}2`,
            confirmPassword: `${newPassword}2`,
          }),
        ),
      ),
    );
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: "Password reset failed",
      description: "This reset link is invalid or has expired. Please ask for a new one.",
    });
  });

  test("an unknown address gets the same answer and no e-mail", async () => {
    const response = await requestReset("nobody@example.org");
    expect((await toastOf(response))?.title).toBe("Check your email");
    expect(await outboxMessages()).toHaveLength(0);
  });

  test("the new password follows the same rules and must be repeated", async () => {
    const common = await respond(() =>
      resetAction(
        routeArgs(
          post("/reset-password", {
            token: "abc",
            password: "qwerty123456",
            confirmPassword: "qwerty123456",
          }),
        ),
      ),
    );
    expect(common.status).toBe(400);
    expect((await body(common)).error?.password?.[0]).toContain("too common");
    const mismatch = await respond(() =>
      resetAction(
        routeArgs(
          post("/reset-password", {
            token: "abc",
            password: "a-long-enough-passphrase",
            confirmPassword: "a-different-passphrase",
          }),
        ),
      ),
    );
    expect((await body(mismatch)).error?.confirmPassword?.[0]).toBe(
      "The two passwords do not match.",
    );
  });

  test("an invalid link shows the page's explanation; no token sends to /forgot-password", async () => {
    expect(
      await resetLoader(
        routeArgs(new Request("http://localhost:3000/reset-password?error=INVALID_TOKEN")),
      ),
    ).toMatchObject({ token: null });
    const bare = await respond(() =>
      resetLoader(routeArgs(new Request("http://localhost:3000/reset-password"))),
    );
    expect(bare.headers.get("Location")).toBe("/forgot-password");
  });
});

describe("better-auth's HTTP handler", () => {
  test.each([
    ["GET", "/api/auth/get-session"],
    ["GET", "/api/auth/admin/list-users"],
    ["GET", "/api/auth/ok"],
  ])("%s %s is not exposed", async (method, path) => {
    const { cookie } = await createUserSession("admin");
    const response = await respond(() =>
      authApiLoader(routeArgs(requestWithCookie(path, cookie, { method }))),
    );
    expect(response.status).toBe(404);
  });
});
