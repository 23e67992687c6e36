import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Tags every request with an id, so an error a visitor reports can be found in the logs
 * (docs/decisions/133-structured-logs-without-secrets.md).
 */
export function requestId(req: Request, res: Response, next: NextFunction) {
  const id = randomUUID();
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  next();
}

/**
 * Hands the client address Express resolved (honouring `trust proxy`) to the app as a header it
 * controls, overwriting anything a client sent, for per-client rate limits.
 */
export function clientIp(req: Request, _res: Response, next: NextFunction) {
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
}
