// Node 20 entry point: one process serves pages, assets, uploads and webhooks.
// In development Vite compiles server/app.ts on the fly; in production the built bundle is used.
import http from "node:http";
import express from "express";

// Optional .env file (see .env.example); real environment variables win.
try {
  process.loadEnvFile();
} catch {
  // no .env file
}

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const BUILD_DIR = process.env.BUILD_DIR || "build";

const server = express();
server.disable("x-powered-by");
/** Releases the app's resources on a graceful stop (server/shutdown.ts); set once it has started. */
let stopApp = async () => {};
/** What answers each request: Express, with cached pages answered ahead of it in production. */
let listener = server;
/** Requests and responses made with Express's prototypes (server/express-http-objects.ts). */
let expressHttpObjects;

try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    const site = await viteDevServer.ssrLoadModule("./server/app.ts");
    server.set("trust proxy", site.trustProxy());
    await site.start();
    stopApp = site.stop;
    expressHttpObjects = site.expressHttpObjects;
    server.use(async (req, res, next) => {
      try {
        const { app } = await viteDevServer.ssrLoadModule("./server/app.ts");
        return await app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const site = await import(`./${BUILD_DIR}/server/index.js`);
    const { app, start, stop, staticFiles, securityHeaders, pageCache, pageCacheFirst } = site;
    // Before anything reads a request's address (per-client limits, the request log).
    server.set("trust proxy", site.trustProxy());
    expressHttpObjects = site.expressHttpObjects;
    // Static files with their build-time .br/.gz twins
    // (docs/decisions/100-compression-and-static-caching.md), with the same security headers as
    // every other answer (docs/decisions/130-content-security-policy.md).
    server.use(securityHeaders, staticFiles(`${BUILD_DIR}/client`));
    await start();
    stopApp = stop;
    server.use(app);
    // A page already rendered for anonymous visitors is sent before Express runs
    // (docs/decisions/117-cache-hits-before-express.md).
    listener = pageCacheFirst(pageCache, server);
  }
} catch (error) {
  // A bad configuration stops the start with one clear line naming the variable.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const httpServer = http.createServer(expressHttpObjects(server), listener).listen(PORT, () => {
  console.log(`Server is running on http://localhost:${PORT}`);
});

// Graceful stop (docs/decisions/122-graceful-stop.md): no new connections, requests in flight
// finish (for at most SHUTDOWN_GRACE_MS), then the mail worker, Redis and the database are closed
// and the exit code is 0.
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutDown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing the requests in flight, then stopping`);
  // Kept-alive connections between two requests would hold the server open: closed as they idle.
  const closeIdle = setInterval(() => httpServer.closeIdleConnections(), 100);
  const cutOff = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await new Promise((resolve) => httpServer.close(resolve));
  clearInterval(closeIdle);
  clearTimeout(cutOff);
  try {
    await stopApp();
  } catch (error) {
    console.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.exit(0);
}
process.on("SIGTERM", shutDown);
process.on("SIGINT", shutDown);
