import type { NextFunction, Request, Response } from "express";
import { logger } from "#app/lib/logger.server";
import { withRequestContext } from "#app/lib/request-context.server";

interface Answer {
  requestId: unknown;
  method: string | undefined;
  path: string | undefined;
  status: number;
  /** `process.hrtime.bigint()` when the request arrived. */
  started: bigint;
}

/**
 * The one line per answered request: method, path (never the query, which may carry a token),
 * status and duration (docs/decisions/133-structured-logs-without-secrets.md).
 */
export function logAnswer({ requestId, method, path, status, started }: Answer) {
  const fields = {
    requestId,
    method,
    path,
    status,
    ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
  };
  if (status >= 500) logger.error(fields, "request failed");
  else logger.info(fields, "request");
}

/**
 * Logs each request once it is answered, and gives every line logged while handling it the
 * request's id. Runs after `requestId`.
 */
export function logRequests(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    logAnswer({
      requestId: res.getHeader("X-Request-Id"),
      method: req.method,
      path: req.path,
      status: res.statusCode,
      started,
    });
  });
  withRequestContext(String(req.headers["x-request-id"] ?? ""), next);
}
