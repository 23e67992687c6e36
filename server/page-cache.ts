import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Response as ExpressResponse, RequestHandler } from "express";
import { Redis } from "ioredis";
import { isLibraryKind, type LibraryKind } from "#app/features/library/kinds";
import { locales, localizePath } from "#app/i18n/locales";
import { logger } from "#app/lib/logger.server";
import { parseLaunchAt } from "#app/site/launch";
import { publicPages } from "#app/site/public-pages";
import { type Encoding, preferredEncoding } from "./compression";
import { logAnswer } from "./request-log";
import { securityHeaderList } from "./security-headers";

/**
 * The anonymous page cache (docs/decisions/101): public pages that are the same for every visitor
 * without a session or a flash message are rendered once, compressed once, and served from memory
 * before the framework's request pipeline runs. Publishing or unpublishing library items drops
 * exactly the pages that list them, in this process and, through Redis, in every other one.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Public pages that never show visitor data; payment pages and tokens in links stay out. */
const UNCACHED_PAGES = new Set([
  "donate",
  "donate/pay/:id",
  "donate/manage",
  "donation-success",
  "unsubscribe",
]);

/** What each cacheable page lists from the library: /resources opens on its documents tab. */
const LIBRARY_ON_PAGE: Record<string, readonly LibraryKind[]> = { resources: ["documents"] };

/** Every cacheable path, in every locale, with the library kinds the page shows. */
export function cacheablePages(): Map<string, readonly LibraryKind[]> {
  const pages = new Map<string, readonly LibraryKind[]>();
  for (const page of publicPages) {
    if (UNCACHED_PAGES.has(page.path) || page.path.includes(":")) continue;
    for (const locale of locales) {
      pages.set(localizePath(`/${page.path}`, locale), LIBRARY_ON_PAGE[page.path] ?? []);
    }
  }
  return pages;
}

/** Cookies that change nothing the server renders (the language offer is decided in the browser). */
const HARMLESS_COOKIES = new Set(["lang"]);

/**
 * Whether a request's cookies leave the page the same as everyone's. Any other cookie (a session,
 * a flash message, anything added later) bypasses the cache: wrongly bypassing costs a render,
 * wrongly serving could show one visitor's page to another.
 */
export function isAnonymous(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  return cookieHeader
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .every((name) => name === "" || HARMLESS_COOKIES.has(name));
}

/** An hour at most, so the footer's year and similar slow changes never lag long. */
export const MAX_PAGE_AGE_MS = 60 * 60 * 1000;

/**
 * When a page rendered at `now` stops being right by itself: after an hour, at the launch moment
 * (the home page switches from the countdown to the full site), or at new year (the footer's year).
 */
export function pageExpiry(now: Date, launchAt: string): number {
  const launch = parseLaunchAt(launchAt).getTime();
  const newYear = new Date(now.getFullYear() + 1, 0, 1).getTime();
  const moments = [now.getTime() + MAX_PAGE_AGE_MS, newYear];
  if (launch > now.getTime()) moments.push(launch);
  return Math.min(...moments);
}

export interface RenderedPage {
  status: number;
  contentType: string;
  setsCookie: boolean;
  body: Buffer;
}

export interface CachedPage {
  identity: Buffer;
  /** Quickly compressed at first, replaced by the smallest encoding once that is ready. */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  contentType: string;
  /** The CSP nonce the page's scripts carry; the cached answer's policy must name it. */
  nonce: string;
  expiresAt: number;
}

export interface PageCacheOptions {
  /** Renders `path` for a visitor without cookies, its scripts carrying `nonce`. */
  render(path: string, nonce: string): Promise<RenderedPage>;
  launchAt(): string;
  now?: () => Date;
}

export class PageCache {
  private readonly pages = new Map<string, Promise<CachedPage | null>>();
  /** The pages whose render has finished, for answers that do not wait (`answerFromPageCache`). */
  private readonly ready = new Map<string, CachedPage>();
  private readonly cacheable = cacheablePages();
  /** Bumped by every invalidation of a kind, so a render that was under way is not kept. */
  private readonly generations = new Map<LibraryKind, number>();
  private readonly now: () => Date;
  /** Each page's background recompression to its smallest brotli. */
  private readonly smallest = new WeakMap<CachedPage, Promise<void>>();
  /** Off while pages could not be invalidated everywhere (Redis not subscribed). */
  private enabled = true;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => new Date());
  }

  isCacheable(path: string): boolean {
    return this.enabled && this.cacheable.has(path);
  }

  /** Switching off drops every page: nothing held while off could be trusted afterwards. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    if (!enabled) {
      this.pages.clear();
      this.ready.clear();
    }
  }

  /** The page for `path` if it is rendered and fresh now, without waiting for anything. */
  peek(path: string): CachedPage | undefined {
    if (!this.enabled) return undefined;
    const page = this.ready.get(path);
    return page && page.expiresAt > this.now().getTime() ? page : undefined;
  }

  /** The page for `path`, rendered now if it is not cached or has expired; null if not cacheable. */
  async get(path: string): Promise<CachedPage | null> {
    const kinds = this.cacheable.get(path);
    if (!kinds || !this.enabled) return null;
    const cached = this.pages.get(path);
    if (cached) {
      const page = await cached;
      if (page && page.expiresAt > this.now().getTime()) return page;
      // An expired page, or a failed render, is replaced once by whoever comes next.
      if (this.pages.get(path) === cached) {
        this.pages.delete(path);
        this.ready.delete(path);
      }
    }
    const pending = this.pages.get(path);
    if (pending) return pending;
    const render = this.renderAndCompress(path, kinds);
    this.pages.set(path, render);
    const page = await render;
    // Still the current render (not invalidated or switched off meanwhile): kept, or dropped.
    if (this.pages.get(path) === render) {
      if (page) this.ready.set(path, page);
      else this.pages.delete(path);
    }
    return page;
  }

  /** Drops every page that lists items of `kind`, including renders still under way. */
  invalidate(kind: LibraryKind) {
    this.generations.set(kind, (this.generations.get(kind) ?? 0) + 1);
    for (const [path, kinds] of this.cacheable) {
      if (kinds.includes(kind)) {
        this.pages.delete(path);
        this.ready.delete(path);
      }
    }
  }

  /** The number of pages held, for the bench and tests. */
  get size(): number {
    return this.pages.size;
  }

  private async renderAndCompress(
    path: string,
    kinds: readonly LibraryKind[],
  ): Promise<CachedPage | null> {
    const generationsAtStart = kinds.map((kind) => this.generations.get(kind) ?? 0);
    const renderedAt = this.now();
    const nonce = randomBytes(16).toString("base64");
    const rendered = await this.options.render(path, nonce);
    // Only a plain, successful page that leaves no cookie behind is the same for everyone.
    if (rendered.status !== 200 || rendered.setsCookie) return null;
    if (!rendered.contentType.startsWith("text/html")) return null;
    // The visitors waiting for this render get a quick brotli (quality 5 costs a few ms, 11 costs
    // hundreds on a cold process); the smallest one replaces it in the background (decision 103).
    const [br, gzipped] = await Promise.all([
      brotli(rendered.body, brotliOptions(BROTLI_QUICK, rendered.body.length)),
      gzipAsync(rendered.body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // Published or unpublished while rendering: this copy may already be out of date.
    if (
      kinds.some((kind, index) => (this.generations.get(kind) ?? 0) !== generationsAtStart[index])
    ) {
      return null;
    }
    const hash = createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27);
    const page: CachedPage = {
      identity: rendered.body,
      br,
      gzip: gzipped,
      etag: `W/"${hash}"`,
      contentType: rendered.contentType,
      nonce,
      expiresAt: pageExpiry(renderedAt, this.options.launchAt()),
    };
    this.smallest.set(page, recompress(page));
    return page;
  }

  /** Resolves once every page's smallest encoding is in place (tests). */
  async settled(): Promise<void> {
    const pages = await Promise.all(this.pages.values());
    await Promise.all(pages.map((page) => (page ? this.smallest.get(page) : undefined)));
  }
}

/** Brotli quality for the answer a render's visitors wait for, and for the copy kept after. */
const BROTLI_QUICK = 5;
const BROTLI_SMALLEST = 11;

/**
 * The window just covers the page: brotli's memory grows with it (at quality 11, tens of MB for
 * the default 4 MB window, per page being compressed), and a larger one cannot find more matches.
 */
function brotliOptions(quality: number, size: number) {
  const lgwin = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  );
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_LGWIN]: lgwin,
    },
  };
}

/** The same bytes (same ETag) in the smallest brotli; a failure keeps the quick one. */
async function recompress(page: CachedPage): Promise<void> {
  try {
    const smallest = await brotli(
      page.identity,
      brotliOptions(BROTLI_SMALLEST, page.identity.length),
    );
    // A tiny page can come out a few bytes larger at the highest quality.
    if (smallest.length < page.br.length) page.br = smallest;
  } catch (error) {
    logger.warn({ err: error }, "page cache: recompression failed");
  }
}

/** Cached answers may be stored by a CDN but must be revalidated: invalidation is immediate. */
export const CACHED_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** The status, headers and body of a cached page's answer to one request. */
function cachedAnswer(page: CachedPage, req: IncomingMessage) {
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["Cache-Control", CACHED_PAGE_CACHE_CONTROL],
    ["ETag", page.etag],
    ["Vary", "Accept-Encoding, Cookie"],
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
 * and its middleware run (docs/decisions/117): the security headers carry the page's own nonce,
 * the answer gets a request id and a log line like any other. Returns false, having written
 * nothing, for every other request (a render is due, a query string, a cookie, another method).
 */
export function answerFromPageCache(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  // The exact path: a query string, or a path spelled another way, is not a key of the cache.
  const page = cache.peek(req.url ?? "");
  if (!page || !mayUseCache(req)) return false;
  const started = process.hrtime.bigint();
  const requestId = randomUUID();
  const { status, headers, body } = cachedAnswer(page, req);
  const all = [...securityHeaderList(page.nonce), ...headers, ["X-Request-Id", requestId]];
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

/** The policy header set earlier names this response's fresh nonce; the cached page has its own. */
function answerWithNonceOf(page: CachedPage, res: ExpressResponse) {
  const policy = res.getHeader("Content-Security-Policy");
  const fresh = res.locals.cspNonce;
  if (typeof policy === "string" && typeof fresh === "string" && fresh) {
    res.setHeader(
      "Content-Security-Policy",
      policy.replace(`'nonce-${fresh}'`, `'nonce-${page.nonce}'`),
    );
  }
  res.locals.cspNonce = page.nonce;
}

/**
 * The Express middleware, for the requests `answerFromPageCache` left: it waits for a page being
 * rendered (or renders it) and answers anonymous GET and HEAD requests for cacheable pages (exact
 * path, no query string); everything else goes on to the framework.
 */
export function servePageCache(cache: PageCache): RequestHandler {
  return async (req, res, next) => {
    // Any query string may change the page (search, paging, presets): only bare paths are cached.
    if (req.originalUrl !== req.path || !cache.isCacheable(req.path)) return next();
    if (!mayUseCache(req)) {
      if (req.method === "GET" || req.method === "HEAD") {
        // A signed-in or flashed page is that visitor's alone: no shared cache may keep it.
        res.setHeader("Cache-Control", "private, no-cache");
        res.vary("Cookie");
      }
      return next();
    }
    try {
      const page = await cache.get(req.path);
      if (!page) return next();
      answerWithNonceOf(page, res);
      const { status, headers, body } = cachedAnswer(page, req);
      for (const [name, value] of headers) res.setHeader(name, value);
      res.status(status).end(body);
    } catch (error) {
      next(error);
    }
  };
}

const INVALIDATION_CHANNEL = "page-cache:invalidate";

export interface InvalidationBus {
  /** Drops the pages showing `kind` here and, when shared, in every other process. */
  publish(kind: LibraryKind): void;
  close(): Promise<void>;
}

/** Invalidation within this process only (no REDIS_URL). */
export function localInvalidation(cache: PageCache): InvalidationBus {
  return {
    publish: (kind) => cache.invalidate(kind),
    close: async () => undefined,
  };
}

/**
 * Invalidation shared through Redis pub/sub: this process drops its pages at once and tells the
 * others. The cache is on only while subscribed: a process that could miss another's message
 * renders every page rather than serve one that may be out of date.
 */
export function redisInvalidation(cache: PageCache, redisUrl: string): InvalidationBus {
  const subscriber = new Redis(redisUrl, { connectTimeout: 1000 });
  const publisher = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  cache.setEnabled(false);
  subscriber.on("message", (_channel, kind: string) => {
    if (isLibraryKind(kind)) cache.invalidate(kind);
  });
  // On every (re)connection: back on once the subscription is confirmed, not before.
  subscriber.on("ready", () => {
    subscriber
      .subscribe(INVALIDATION_CHANNEL)
      .then(() => cache.setEnabled(true))
      .catch((error: unknown) => logger.warn({ err: error }, "page cache: not subscribed"));
  });
  subscriber.on("close", () => cache.setEnabled(false));
  subscriber.on("error", (error) => logger.warn({ err: error }, "page cache: Redis unavailable"));
  return {
    publish(kind) {
      cache.invalidate(kind);
      publisher.publish(INVALIDATION_CHANNEL, kind).catch((error: unknown) => {
        // Other processes switch their cache off while Redis is unreachable, so none stays stale.
        logger.warn({ err: error }, "page cache: invalidation not sent");
      });
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
