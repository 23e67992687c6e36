import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { env } from "./env.server";

const limiters = new Map<string, RateLimiterAbstract>();
let redis: Redis | undefined;

/**
 * One limiter per purpose, e.g. "form:contact". Counters live in Redis when REDIS_URL is set, so
 * several app processes share them; in memory otherwise. If Redis is unreachable, an in-memory
 * limiter takes over rather than letting every request through or failing them all.
 */
function limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const key = `${name}:${points}:${durationSeconds}`;
  let found = limiters.get(key);
  if (!found) {
    const options = { keyPrefix: name, points, duration: durationSeconds };
    const redisUrl = env().REDIS_URL;
    if (redisUrl) {
      // Commands wait for the first connection; a dead server fails them fast (insurance takes over).
      redis ??= new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 1000 });
      found = new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    } else {
      found = new RateLimiterMemory(options);
    }
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

/** Closes the Redis connection, if one was opened (tests, shutdown). */
export function closeRateLimitStore() {
  limiters.clear();
  redis?.disconnect();
  redis = undefined;
}
