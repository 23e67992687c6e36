import type { Submission } from "@conform-to/zod/v4";
import { data } from "react-router";
import { authError } from "#app/lib/auth/better-auth.server";
import { logger } from "#app/lib/logger.server";
import {
  clientKey,
  consumeRateLimit,
  rateLimitWait,
  resetRateLimit,
} from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";

/**
 * Limits per client address and per account (e-mail address) on the account forms
 * (docs/decisions/052-login-and-sign-up-rate-limits.md). Login counts failed attempts only, so
 * staff signing in many times a day are never stopped; sign-up and password reset count every
 * request, since each can send an e-mail. The per-account limit stops one address being guessed at
 * or flooded from many machines; the per-client one stops one machine trying many accounts.
 */
export const accountLimits = {
  loginFailures: {
    client: { points: 50, durationSeconds: 15 * 60 },
    account: { points: 10, durationSeconds: 15 * 60 },
  },
  signup: {
    client: { points: 20, durationSeconds: 60 * 60 },
    account: { points: 3, durationSeconds: 60 * 60 },
  },
  passwordReset: {
    client: { points: 10, durationSeconds: 15 * 60 },
    account: { points: 3, durationSeconds: 60 * 60 },
  },
} as const;

type LimitName = keyof typeof accountLimits;
type Scope = "client" | "account";

function tooMany(submission: Submission<unknown>, wait: number) {
  const minutes = Math.max(1, Math.ceil(wait / 60));
  return data(
    submission.reply({
      formErrors: [`Too many attempts. Please wait ${minutes} minute(s) and try again.`],
      hideFields: ["password", "confirmPassword"],
    }),
    { status: 429, headers: { "Retry-After": String(wait) } },
  );
}

const limitKey = (name: LimitName, scope: Scope) => `auth:${name}:${scope}`;

/** Counts one request against `scope` (client address or account); a 429 reply when over. */
export async function countAttempt(
  name: LimitName,
  scope: Scope,
  key: string,
  submission: Submission<unknown>,
) {
  const wait = await consumeRateLimit(limitKey(name, scope), key, accountLimits[name][scope]);
  return wait === null ? null : tooMany(submission, wait);
}

/** A 429 reply when `key` has no attempts left in `scope`, without counting one; else null. */
export async function refuseWhenLimited(
  name: LimitName,
  scope: Scope,
  key: string,
  submission: Submission<unknown>,
) {
  const wait = await rateLimitWait(limitKey(name, scope), key, accountLimits[name][scope]);
  return wait === null ? null : tooMany(submission, wait);
}

/** Counts a failed login against the client and the account. */
export async function countLoginFailure(request: Request, email: string) {
  const { client, account } = accountLimits.loginFailures;
  await consumeRateLimit(limitKey("loginFailures", "client"), clientKey(request), client);
  await consumeRateLimit(limitKey("loginFailures", "account"), email, account);
}

/** A successful login forgets the account's failures (not the client's). */
export async function clearLoginFailures(email: string) {
  await resetRateLimit(
    limitKey("loginFailures", "account"),
    email,
    accountLimits.loginFailures.account,
  );
}

/** The Set-Cookie lines of a better-auth answer, ready to pass on in our own response. */
export function setCookiesFrom(headers: Headers): Headers {
  const forwarded = new Headers();
  for (const cookie of headers.getSetCookie()) forwarded.append("Set-Cookie", cookie);
  return forwarded;
}

/**
 * Turns a failed better-auth call into a toast: its own message for an expected refusal (wrong
 * password, expired link...), a generic text for anything unexpected (logged,
 * docs/decisions/133-structured-logs-without-secrets.md).
 */
export function authFailure(
  error: unknown,
  request: Request,
  {
    title,
    redirectTo,
    describe,
  }: {
    title: string;
    redirectTo: string;
    /** A clearer text for some of better-auth's error codes. */
    describe?: Record<string, string>;
  },
) {
  const refusal = authError(error);
  if (refusal !== null) {
    return redirectWithToast(redirectTo, {
      type: "error",
      title,
      description: (refusal.code && describe?.[refusal.code]) || refusal.message,
    });
  }
  logger.error({ err: error, requestId: request.headers.get("x-request-id") }, title);
  return redirectWithToast(redirectTo, {
    type: "error",
    title: "An error occurred",
    description: "Please try again later",
  });
}
