import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { isDatabaseUp } from "#app/db/client.server";
import { initDatabase } from "#app/db/init.server";
import { ensureAdminFromEnv } from "#app/lib/admin-account.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { startOutboxWorker } from "#app/lib/outbox.server";
import { compressResponses } from "./compression";
import { refuseCrossSite } from "./origin-check";
import { clientIp, requestId } from "./request-id";

export { staticFiles } from "./compression";

export const app = express();
// First, so every text answer over 1 KB leaves compressed (docs/decisions/100).
app.use(compressResponses);

app.use(
  helmet({
    // Pages need inline bootstrap scripts (hydration data, settings applied before first paint);
    // a nonce-based policy is a recorded follow-up (docs/decisions).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // helmet's default "no-referrer" makes browsers send `Origin: null` on same-site form posts,
    // which the origin checks refuse (every form without JavaScript). "same-origin" keeps the
    // real Origin for our own posts and still sends nothing to other sites.
    referrerPolicy: { policy: "same-origin" },
  }),
);
app.use(requestId, clientIp);
// Before any route: a cross-site form post changes nothing (docs/decisions/053).
app.use(refuseCrossSite);

app.get("/healthz", async (_req, res) => {
  const up = await isDatabaseUp();
  res
    .status(up ? 200 : 503)
    .type("text/plain")
    .send(up ? "ok" : "database unavailable");
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req) => ({ requestId: String(req.headers["x-request-id"] ?? "") }),
  }),
);

/** Validates the configuration and prepares the database; called once before listening. */
export async function start() {
  const config = env();
  await initDatabase();
  await ensureAdminFromEnv();
  // Receipts and other queued mail go out from here, and are retried until sent (D16).
  startOutboxWorker();
  logger.info(
    { port: config.PORT, database: config.DATABASE_URL ? "postgres" : "pglite" },
    "ready",
  );
}

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
  }
}
