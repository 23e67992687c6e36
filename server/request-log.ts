import type { NextFunction, Request, Response } from "express";
import { logger, withRequestId } from "#app/lib/logger.server";

/**
 * One line per request once it is answered: method, path (never the query, which may carry a
 * token), status and duration; and every line logged while handling it carries its request id
 * (docs/decisions/133). Runs after `requestId`.
 */
export function logRequests(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const status = res.statusCode;
    const fields = {
      requestId: res.getHeader("X-Request-Id"),
      method: req.method,
      path: req.path,
      status,
      ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
    };
    if (status >= 500) logger.error(fields, "request failed");
    else logger.info(fields, "request");
  });
  withRequestId(String(req.headers["x-request-id"] ?? ""), next);
}
