import type { NextFunction, Request, Response } from "express";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface Tier {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Every state-changing request counts against its client's budget
 * (docs/decisions/132-request-rate-limits.md), before any route reads its body. The limits sit
 * above what a person or our own pages ever need; the routes keep their own, tighter limits with
 * friendlier messages (forms, login, uploads, donations). Counters live in Redis when REDIS_URL is
 * set, so every process shares them.
 */
export const REQUEST_TIERS = {
  /** Signed webhooks: a burst of payment events from the provider's few addresses. */
  webhook: { name: "requests:webhook", points: 600, durationSeconds: 60 },
  /** File uploads (public and staff): each may write 10 MB to storage. */
  upload: { name: "requests:upload", points: 60, durationSeconds: 10 * 60 },
  /** Any other POST, PUT, PATCH or DELETE. */
  mutation: { name: "requests:mutation", points: 300, durationSeconds: 60 },
} as const satisfies Record<string, Tier>;

export function tierFor(req: Pick<Request, "path" | "headers">): Tier {
  if (req.path === "/api/stripe/webhook") return REQUEST_TIERS.webhook;
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("multipart/")) return REQUEST_TIERS.upload;
  return REQUEST_TIERS.mutation;
}

export async function limitRequests(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const tier = tierFor(req);
  const client = String(req.headers["x-client-ip"] ?? req.ip ?? "unknown");
  let wait: number | null;
  try {
    wait = await consumeRateLimit(tier.name, client, tier);
  } catch (error) {
    // The store failing must not take the site down with it: the routes' own limits remain.
    logger.error({ err: error, tier: tier.name }, "rate limit store failed");
    return next();
  }
  if (wait === null) return next();
  const minutes = Math.max(1, Math.ceil(wait / 60));
  res
    .status(429)
    .set("Retry-After", String(wait))
    .type("text/plain")
    .send(`Too many requests. Please wait ${minutes} minute(s) and try again.`);
}
