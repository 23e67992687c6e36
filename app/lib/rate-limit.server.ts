import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const limiters = new Map<string, RateLimiterMemory>();

/** One limiter per purpose, e.g. "form:contact" - 20 points per 10 minutes. */
function limiter(name: string, points: number, durationSeconds: number) {
  const key = `${name}:${points}:${durationSeconds}`;
  let found = limiters.get(key);
  if (!found) {
    found = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
    limiters.set(key, found);
  }
  return found;
}

/** The client's address as Express saw it (set by server/app.ts), or a shared bucket. */
export function clientKey(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/**
 * Counts one attempt; returns the seconds to wait when the client is over its limit, else null.
 */
export async function consumeRateLimit(
  name: string,
  key: string,
  { points, durationSeconds }: { points: number; durationSeconds: number },
): Promise<number | null> {
  try {
    await limiter(name, points, durationSeconds).consume(key);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.ceil(error.msBeforeNext / 1000);
    throw error;
  }
}

/**
 * The seconds to wait when `key` has used up its points, else null, without counting an attempt
 * (limits that count only failures, such as wrong passwords, check first and count afterwards).
 */
export async function rateLimitWait(
  name: string,
  key: string,
  { points, durationSeconds }: { points: number; durationSeconds: number },
): Promise<number | null> {
  const state = await limiter(name, points, durationSeconds).get(key);
  return state && state.consumedPoints >= points ? Math.ceil(state.msBeforeNext / 1000) : null;
}

/** Forgets the attempts counted for `key` (a successful login clears its failures). */
export async function resetRateLimit(
  name: string,
  key: string,
  { points, durationSeconds }: { points: number; durationSeconds: number },
) {
  await limiter(name, points, durationSeconds).delete(key);
}
