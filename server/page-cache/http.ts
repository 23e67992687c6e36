import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Response as ExpressResponse, RequestHandler } from "express";
import { type Encoding, preferredEncoding } from "#app/lib/content-encoding.server";
import { logAnswer } from "../request-log";
import { securityHeaderListForHashes } from "../security-headers";
import type { CachedPage } from "./page";
import { cacheKeyOf, isAnonymous, variantKey } from "./policy";
import type { PageCache } from "./store";

/**
 * How the anonymous page cache (docs/decisions/101-anonymous-page-cache.md) answers HTTP
 * requests: a page already rendered is sent before Express runs
 * (docs/decisions/117-cache-hits-before-express.md), the Express middleware waits for the rest,
 * and both give the same headers, ETag revalidation, encoding and script hashes for a cached page.
 */

/** Cached answers may be stored by a CDN but must be revalidated: invalidation is immediate. */
export const CACHED_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** The status, headers and body of a cached page's answer to one request. */
function cachedAnswer(page: CachedPage, req: IncomingMessage) {
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["Cache-Control", CACHED_PAGE_CACHE_CONTROL],
    ["ETag", page.etag],
    // Save-Data: a low-data request gets another copy (server/page-cache/policy.ts, variantKey).
    ["Vary", "Accept-Encoding, Cookie, Save-Data"],
    ["X-Page-Cache", "hit"],
  ];
  const etags = req.headers["if-none-match"]?.split(",").map((tag) => tag.trim());
  if (etags?.includes(page.etag) || etags?.includes("*")) {
    return { status: 304, headers, body: undefined };
  }
  const encoding: Encoding | null = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding ? page[encoding] : page.identity;
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: 200, headers, body: req.method === "HEAD" ? undefined : body };
}

/** Whether a request may be answered by a cached page: an anonymous GET or HEAD. */
function mayUseCache(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && isAnonymous(req.headers.cookie);
}

/**
 * Answers a request for a page that is already rendered straight from memory, before Express
 * and its middleware run (docs/decisions/117-cache-hits-before-express.md): the security headers
 * allow the page's inline scripts by their hashes, the answer gets a request id and a log line like
 * any other. Returns false, having written nothing, for every other request (a render is due, a
 * query parameter the page reads, a cookie, another method).
 */
export function answerFromPageCache(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  // The path (a path spelled another way is not a key); query parameters the page reads are not.
  const key = variantKey(cacheKeyOf(req.url ?? ""), req.headers["save-data"], req.headers.cookie);
  const page = key === null ? undefined : cache.peek(key);
  if (!page || !mayUseCache(req)) return false;
  const started = process.hrtime.bigint();
  const requestId = randomUUID();
  const { status, headers, body } = cachedAnswer(page, req);
  const all = [
    ...securityHeaderListForHashes(page.scriptHashes),
    ...headers,
    ["X-Request-Id", requestId],
  ];
  res.writeHead(status, all.flat());
  res.end(body);
  logAnswer({ requestId, method: req.method, path: req.url, status, started });
  return true;
}

/** A request listener that answers from the cache when it can, and hands the rest to `next`. */
export function pageCacheFirst(cache: PageCache, next: RequestListener): RequestListener {
  return (req, res) => {
    if (!answerFromPageCache(cache, req, res)) next(req, res);
  };
}

/** The policy header set earlier names this response's fresh nonce; a cached page's hashes replace it. */
function answerWithHashesOf(page: CachedPage, res: ExpressResponse) {
  const policy = res.getHeader("Content-Security-Policy");
  const fresh = res.locals.cspNonce;
  if (typeof policy === "string" && typeof fresh === "string" && fresh) {
    res.setHeader(
      "Content-Security-Policy",
      policy.replace(`'nonce-${fresh}'`, page.scriptHashes.map((hash) => `'${hash}'`).join(" ")),
    );
  }
}

/**
 * The Express middleware, for the requests `answerFromPageCache` left: it waits for a page being
 * rendered (or renders it) and answers anonymous GET and HEAD requests for cacheable pages (no
 * query parameter the page reads); everything else goes on to the framework.
 */
export function servePageCache(cache: PageCache): RequestHandler {
  return async (req, res, next) => {
    const key = variantKey(
      cacheKeyOf(req.originalUrl),
      req.headers["save-data"],
      req.headers.cookie,
    );
    if (key === null || !cache.isCacheable(key)) return next();
    if (!mayUseCache(req)) {
      if (req.method === "GET" || req.method === "HEAD") {
        // A signed-in or flashed page is that visitor's alone: no shared cache may keep it.
        res.setHeader("Cache-Control", "private, no-cache");
        res.vary("Cookie");
      }
      return next();
    }
    try {
      const page = await cache.get(key);
      if (!page) return next();
      answerWithHashesOf(page, res);
      const { status, headers, body } = cachedAnswer(page, req);
      for (const [name, value] of headers) res.setHeader(name, value);
      res.status(status).end(body);
    } catch (error) {
      next(error);
    }
  };
}
