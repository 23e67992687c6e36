import type { NextFunction, Request, Response } from "express";
import { env } from "#app/lib/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site (CSRF). React Router checks the Origin
 * of page actions, but not of resource routes (logout, exports, uploads...), so every unsafe
 * request is checked here: an Origin header must be this site's (PUBLIC_URL, or the host the
 * request was sent to); without one, the browser's Sec-Fetch-Site must say same-origin. Requests
 * carrying neither (server-to-server calls such as payment webhooks) are not from a browser
 * and carry no session cookie worth forging.
 */
export function refuseCrossSite(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site");
  const allowed =
    origin !== undefined
      ? origin === new URL(env().PUBLIC_URL).origin ||
        origin === `${req.protocol}://${req.get("host")}`
      : site === undefined || site === "same-origin" || site === "none";
  if (allowed) return next();
  res.status(403).type("text/plain").send("Cross-site request refused");
}
