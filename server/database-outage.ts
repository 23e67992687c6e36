import type { NextFunction, Request, Response } from "express";
import { databaseUnavailable } from "#app/db/client.server";
import { outagePage, RETRY_AFTER_SECONDS } from "#app/document/outage-page";
import { env } from "#app/lib/env.server";

/**
 * While a database outage is known, answers at once with 503 instead of letting the request wait
 * for a database that is not there: the page above for browsers, one short line for API clients.
 */
export function answerDuringDatabaseOutage(req: Request, res: Response, next: NextFunction) {
  if (!databaseUnavailable()) {
    next();
    return;
  }
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  const message = "The service is temporarily unavailable. Please try again in a few minutes.";
  if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
    res.json({ error: message });
  } else if (req.accepts("html")) {
    res.type("html").send(outagePage(env().ORG_NAME));
  } else {
    res.type("text/plain").send(message);
  }
}
