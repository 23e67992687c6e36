// Node 20 entry point: one process serves pages, assets, uploads and webhooks.
// In development Vite compiles server/app.ts on the fly; in production the built bundle is used.
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

try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    const { start } = await viteDevServer.ssrLoadModule("./server/app.ts");
    await start();
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
    const { app, start, staticFiles } = await import(`./${BUILD_DIR}/server/index.js`);
    // Static files with their build-time .br/.gz twins (docs/decisions/100).
    server.use(staticFiles(`${BUILD_DIR}/client`));
    await start();
    server.use(app);
  }
} catch (error) {
  // A bad configuration stops the start with one clear line naming the variable.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

server.listen(PORT, () => {
  console.log(`Server is running on http://localhost:${PORT}`);
});
