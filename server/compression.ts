import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import {
  COMPRESSION_THRESHOLD,
  type Encoding,
  PER_REQUEST_BROTLI_PARAMS,
  preferredEncoding,
} from "#app/lib/content-encoding.server";

/**
 * Compression of everything the server sends
 * (docs/decisions/100-compression-and-static-caching.md): text rendered per request is compressed
 * on the fly, static files were compressed once at build time (scripts/precompress.ts) and are sent
 * as they are.
 */

/**
 * Per-request compression of the few text answers Express makes itself (the service worker), with
 * the settings of app/lib/content-encoding.server.ts. React Router's answers are compressed as they
 * are sent (server/react-router-answers.ts): the middleware assigns closures to every response it
 * sees, which keep the request alive through young collections
 * (docs/decisions/209-react-router-answers-compressed-as-sent.md).
 */
export const compressResponses: RequestHandler = compression({
  threshold: COMPRESSION_THRESHOLD,
  brotli: { params: PER_REQUEST_BROTLI_PARAMS },
});

export const PRECOMPRESSED_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Every file under `root`, relative, with forward slashes. */
function listFiles(root: string, prefix = ""): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

interface StaticOptions {
  /** Cache-Control max-age in seconds. */
  maxAge: number;
  /** Hashed file names never change content: browsers need not revalidate them. */
  immutable?: boolean;
}

/**
 * Serves the files under `root`, choosing the build's `.br` or `.gz` twin of a file when the client
 * accepts it. The list of twins is read once: the build directory does not change while serving.
 */
export function precompressedStatic(root: string, options: StaticOptions): RequestHandler {
  const files = new Set(listFiles(root));
  const cacheControl = `public, max-age=${options.maxAge}${options.immutable ? ", immutable" : ""}`;
  const identity = express.static(root, {
    index: false,
    immutable: options.immutable,
    maxAge: options.maxAge * 1000,
  });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    // Only names found in the build are looked up, so no path can leave `root`.
    if (!files.has(relative)) return next();
    const twins = (Object.keys(PRECOMPRESSED_SUFFIX) as Encoding[]).filter((encoding) =>
      files.has(relative + PRECOMPRESSED_SUFFIX[encoding]),
    );
    if (twins.length === 0) return identity(req, res, next);
    res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (!encoding || !twins.includes(encoding)) return identity(req, res, next);
    res.type(path.extname(relative));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(relative + PRECOMPRESSED_SUFFIX[encoding], {
      root,
      dotfiles: "deny",
      headers: { "Cache-Control": cacheControl },
      cacheControl: false,
    });
  };
}

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The build's static files: hashed assets, fonts and images cached for a year without
 * revalidation (a changed font or image gets a new file name,
 * docs/decisions/100-compression-and-static-caching.md), anything else (the icons) for an hour.
 */
export function staticFiles(clientDir: string): RequestHandler {
  const router = express.Router();
  for (const folder of ["assets", "fonts", "images"]) {
    router.use(
      `/${folder}`,
      precompressedStatic(path.join(clientDir, folder), {
        maxAge: ONE_YEAR_SECONDS,
        immutable: true,
      }),
    );
  }
  // An asset of another deploy is a plain 404, never a page: a service worker or a browser must not
  // take HTML for a script (docs/decisions/182-offline-finder.md).
  router.use("/assets", (_req, res) => {
    res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Not found");
  });
  router.use(precompressedStatic(clientDir, { maxAge: 3600 }));
  return router;
}
