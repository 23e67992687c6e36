import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { createAccessControl } from "better-auth/plugins/access";
import { admin } from "better-auth/plugins/admin";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { type Database, db } from "#app/db/client.server";
import { account, session, user, verification } from "#app/db/schema/auth";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { sendMail } from "#app/lib/mail.server";
import { sessionSecret } from "#app/lib/secret.server";
import { passwordProblem } from "./passwords.server";
import type { Role } from "./roles";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./rules";
import { SESSION_LIMITS } from "./session-limits";

/**
 * Where the e-mailed links land: our own pages, which show a toast, with or without JavaScript
 * (docs/decisions/005-flash-toasts.md).
 */
export const VERIFIED_CALLBACK = "/login?verified=1";
export const RESET_PASSWORD_PAGE = "/reset-password";

/**
 * Roles for the admin plugin (docs/decisions/050-staff-accounts-with-better-auth.md). Staff roles
 * get no user-management rights from better-auth: what editors and finance may do is decided by our
 * own `requireRole` checks; only `admin` may list users and set roles.
 */
const ac = createAccessControl(defaultStatements);
const accessRoles = {
  user: ac.newRole({ user: [], session: [] }),
  editor: ac.newRole({ user: [], session: [] }),
  finance: ac.newRole({ user: [], session: [] }),
  newsletters: ac.newRole({ user: [], session: [] }),
  pages: ac.newRole({ user: [], session: [] }),
  admin: ac.newRole(adminAc.statements),
} satisfies Record<Role, unknown>;

/** Body fields through which each endpoint sets a new password. */
const passwordFields: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

/** One message for every e-mail, with the link on its own line so no client wraps it. */
async function sendLinkMail(to: string, subject: string, intro: string, url: string) {
  const { ORG_NAME } = env();
  await sendMail({
    to,
    subject,
    text: `${intro}\n\n${url}\n\nIf you did not ask for this, you can ignore this e-mail.\n\n${ORG_NAME}`,
  });
}

function createAuth(database: Database) {
  const config = env();
  return betterAuth({
    appName: config.ORG_NAME,
    baseURL: config.PUBLIC_URL,
    secret: sessionSecret(),
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Staff accounts must prove they own the address before they can sign in
      // (docs/decisions/050-staff-accounts-with-better-auth.md).
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendLinkMail(
          user.email,
          "Reset your password",
          "Someone asked to reset the password of your staff account. Open this link within one hour to choose a new password:",
          url,
        );
      },
      onExistingUserSignUp: async ({ user }) => {
        // The page answers as for a new account (no way to probe which addresses exist); the owner
        // learns about the attempt here.
        await sendLinkMail(
          user.email,
          "You already have an account",
          "Someone tried to sign up with this e-mail address, which already has an account. If it was you, log in, or reset your password here:",
          `${config.PUBLIC_URL}/forgot-password`,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A person who lost the first e-mail gets a fresh link by trying to log in.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await sendLinkMail(
          user.email,
          "Verify your e-mail address",
          "Please confirm your e-mail address for your staff account by opening this link within one hour:",
          url,
        );
      },
    },
    session: {
      // Sessions live in the database only, so logging out, a password reset or a role change
      // takes effect on the next request.
      cookieCache: { enabled: false },
      // The cookie and the row live at most the absolute lifetime; the idle timeout is kept by
      // sliding `expiresAt` in auth.server.ts, never past it
      // (docs/decisions/131-session-lifetime.md).
      expiresIn: SESSION_LIMITS.absoluteSeconds,
      disableSessionRefresh: true,
    },
    advanced: {
      useSecureCookies: config.PUBLIC_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // server/app.ts sets x-client-ip from the address Express resolved, overwriting the client's.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    rateLimit: { enabled: true, storage: "memory" },
    trustedOrigins: [config.PUBLIC_URL],
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const log =
          level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        log.call(logger, { args }, `better-auth: ${message}`);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A new session starts with the idle window, renewed by use
          // (docs/decisions/131-session-lifetime.md).
          before: async (data) => ({
            data: { ...data, expiresAt: new Date(Date.now() + SESSION_LIMITS.idleSeconds * 1000) },
          }),
        },
      },
    },
    hooks: {
      // The password rules hold on every path that sets a password, not only on our forms.
      before: createAuthMiddleware(async (ctx) => {
        const field = passwordFields[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : null;
        if (typeof password !== "string") return;
        const problem = passwordProblem(password);
        if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
      }),
    },
    plugins: [admin({ ac, roles: accessRoles, defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// Tests point the app at another database with installDatabase(); one instance per handle follows it.
const instances = new WeakMap<Database, Auth>();

/** The better-auth instance bound to the current database. */
export function auth(): Auth {
  const database = db();
  let instance = instances.get(database);
  if (!instance) {
    instance = createAuth(database);
    instances.set(database, instance);
  }
  return instance;
}

/** better-auth's own refusal (bad password, unverified e-mail...): a message fit to show. */
export function authError(error: unknown): { message: string; code?: string } | null {
  if (!isAPIError(error)) return null;
  const body = (error as { body?: { message?: string; code?: string } }).body;
  return { message: body?.message ?? error.message, code: body?.code };
}
