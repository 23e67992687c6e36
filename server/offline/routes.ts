import { type RequestHandler, Router } from "express";
import { webAppManifest, workerTexts } from "#app/features/weather/index.server";
import { locales } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { beforeHeaders } from "../before-headers";
import { compressResponses } from "../compression";
import { isAnonymous } from "../page-cache/policy";
import workerSource from "./worker.js?raw";

/**
 * What makes the finder work offline (docs/decisions/182-offline-finder.md): the service worker at
 * /sw.js, a web app manifest per language, and the rule that keeps personal answers out of it.
 */

/** The kill switch: a worker that removes its caches and unregisters itself. */
const UNREGISTER_WORKER = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.map((name) => caches.delete(name))))
      .then(() => self.registration.unregister()),
  );
});
`;

/**
 * A worker may keep only what is the same for everyone, but it cannot see Set-Cookie: an answer
 * to a request with a session or flash cookie, or one that sets a cookie, says so itself.
 */
export const markPersonalAnswers: RequestHandler = (req, res, next) => {
  const personal = !isAnonymous(req.headers.cookie);
  beforeHeaders(res, () => {
    if (personal || res.hasHeader("Set-Cookie")) {
      const control = String(res.getHeader("Cache-Control") ?? "");
      if (!/private|no-store/.test(control)) res.setHeader("Cache-Control", "private, no-store");
    }
  });
  next();
};

/** /sw.js and the manifests; `version` names this deploy's client build. */
export function offlineRoutes(version: () => Promise<string>): Router {
  const router = Router();
  router.get("/sw.js", compressResponses, async (_req, res, next) => {
    try {
      const script =
        env().SERVICE_WORKER === "off"
          ? UNREGISTER_WORKER
          : workerSource
              .replace("__VERSION__", await version())
              .replace("__TEXTS__", JSON.stringify(workerTexts()));
      // Checked at every visit, so a new deploy's worker is found at once.
      res
        .set({
          "Content-Type": "text/javascript; charset=utf-8",
          "Cache-Control": "no-cache",
          "Service-Worker-Allowed": "/",
        })
        .send(script);
    } catch (error) {
      next(error);
    }
  });
  for (const locale of locales) {
    const path = locale === "es" ? "/es/manifest.webmanifest" : "/manifest.webmanifest";
    router.get(path, (_req, res) => {
      res
        .set({
          "Content-Type": "application/manifest+json",
          "Cache-Control": "public, max-age=3600",
        })
        .send(JSON.stringify(webAppManifest(locale)));
    });
  }
  return router;
}
