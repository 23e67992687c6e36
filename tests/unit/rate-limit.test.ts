import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, test } from "vitest";
import { resetEnvForTests } from "#app/lib/env.server";
import { closeRateLimitStore, consumeRateLimit } from "#app/lib/rate-limit.server";

const limit = { points: 3, durationSeconds: 60 };

// The in-memory store always; the shared Redis store when a Redis server is given (CI gives one).
const stores = [
  { name: "memory", redisUrl: undefined },
  ...(process.env.TEST_REDIS_URL ? [{ name: "redis", redisUrl: process.env.TEST_REDIS_URL }] : []),
];

describe.each(stores)("rate limits ($name)", ({ redisUrl }) => {
  afterEach(() => {
    closeRateLimitStore();
    delete process.env.REDIS_URL;
    resetEnvForTests();
  });

  test("allows the limit, then answers with the seconds to wait, per client", async () => {
    if (redisUrl) process.env.REDIS_URL = redisUrl;
    resetEnvForTests();
    const name = `test-${randomUUID()}`;
    for (let attempt = 0; attempt < limit.points; attempt += 1) {
      expect(await consumeRateLimit(name, "203.0.113.7", limit)).toBeNull();
    }
    const wait = await consumeRateLimit(name, "203.0.113.7", limit);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another client is counted on its own.
    expect(await consumeRateLimit(name, "203.0.113.8", limit)).toBeNull();
    if (redisUrl) {
      // The counter really lives in Redis, where other app processes see it.
      const client = new Redis(redisUrl);
      expect(Number(await client.get(`${name}:203.0.113.7`))).toBe(limit.points + 1);
      client.disconnect();
    }
  });
});
