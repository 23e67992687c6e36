import type { NextFunction, Request, Response } from "express";
import { databaseUnavailable } from "#app/db/client.server";
import { env } from "#app/lib/env.server";

/** How soon clients may try again, in seconds (the database is probed every second). */
export const RETRY_AFTER_SECONDS = 30;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page visitors see while the database is unreachable (decision 120). Self-contained: no
 * script, no stylesheet from the build, nothing that needs the database.
 */
export function outagePage(orgName: string): string {
  const name = escapeHtml(orgName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>We will be right back | ${name}</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.6;margin:0;color:#1a1a1a;background:#fff}
main{max-width:36rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}
h1{font-size:1.9rem;margin:0 0 1rem}
@media (prefers-color-scheme:dark){body{color:#f2f2f2;background:#121212}}
</style>
</head>
<body>
<main>
<h1>We will be right back</h1>
<p>${name}'s website is having a short technical problem. Nothing you sent us has been lost. Please try again in a few minutes.</p>
<p lang="es">Nuestro sitio tiene un breve problema técnico. Por favor, inténtelo de nuevo en unos minutos.</p>
</main>
</body>
</html>
`;
}

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
