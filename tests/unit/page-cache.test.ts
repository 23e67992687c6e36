import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { pageCacheFirst, servePageCache } from "../../server/page-cache/http";
import { redisInvalidation } from "../../server/page-cache/invalidation";
import {
  cacheablePages,
  cacheKeyOf,
  isAnonymous,
  MAX_PAGE_AGE_MS,
  pageExpiry,
  pathOfKey,
  variantKey,
  variantOfKey,
} from "../../server/page-cache/policy";
import {
  MAX_ASKED_ONCE,
  MAX_QUERY_PAGES,
  PageCache,
  type RenderedPage,
} from "../../server/page-cache/store";
import { securityHeaders } from "../../server/security-headers";

/** A page as the renderer returns it, its scripts carrying the nonce it was given. */
function html(text: string, nonce: string): RenderedPage {
  const scripts = [`window.page = ${JSON.stringify(text.slice(0, 40))};`, "document.title = 'é';"]
    .map((script) => `<script nonce="${nonce}">${script}</script>`)
    .join("");
  return {
    status: 200,
    contentType: "text/html",
    setsCookie: false,
    body: Buffer.from(
      `<!doctype html><p>${text}</p>${scripts}<script type="module" src="/assets/a.js"></script>`,
    ),
  };
}

/** The CSP hash sources of a page's inline scripts, computed here from its text. */
function inlineScriptSources(page: string): string {
  return [...page.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, script]) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`)
    .join(" ");
}

/** Counts renders; each render shows the current `content` of its path. */
function renderer(content: Record<string, string> = {}) {
  const calls: string[] = [];
  return {
    calls,
    content,
    async render(path: string, nonce: string) {
      calls.push(path);
      return html(content[path] ?? `page ${path}`, nonce);
    },
  };
}

const LAUNCHED = "2025-04-24T00:00";

/** A cache of the site after its launch, whose time is `clock.now`. */
function cacheWithClock(clock: { now: Date }) {
  return new PageCache({
    render: renderer().render,
    launchAt: () => LAUNCHED,
    now: () => clock.now,
  });
}

describe("low-data variants: one per reason, never served for another", () => {
  test("the browser's Save-Data and the switch's cookie each have their key", () => {
    expect(variantKey("/about", undefined, undefined)).toBe("/about");
    expect(variantKey("/about", "on", undefined)).toBe("/about#low-data-browser");
    expect(variantKey("/about", undefined, "lang=es; save-data=on")).toBe("/about#low-data-switch");
    expect(variantKey(null, "on", undefined)).toBeNull();
  });

  test("each key renders its page as its visitors asked for it", () => {
    expect(variantOfKey("/about#low-data-browser")).toEqual({
      path: "/about",
      headers: { "Save-Data": "on" },
    });
    expect(variantOfKey("/es/about#low-data-switch")).toEqual({
      path: "/es/about",
      headers: { Cookie: "save-data=on" },
    });
    expect(variantOfKey("/about")).toEqual({ path: "/about", headers: {} });
    expect(pathOfKey("/about#low-data-switch")).toBe("/about");
  });

  // docs/decisions/215-low-data-pages-without-decorative-images.md
  test("every cacheable page, not only the home page, keeps a copy per reason apart from its full one", async () => {
    const pages = renderer();
    const cache = new PageCache({ render: pages.render, launchAt: () => LAUNCHED });
    const paths = [...cacheablePages().keys()];
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/home", "/about", "/es/about", "/find-help"]),
    );
    for (const path of paths) {
      const keys = [
        path,
        variantKey(path, "on", undefined),
        variantKey(path, undefined, "save-data=on"),
      ] as string[];
      for (const key of keys) expect(cache.isCacheable(key), key).toBe(true);
      const copies = await Promise.all(keys.map((key) => cache.get(key)));
      // Three renders, each of its own variant, three different pages.
      expect(new Set(copies.map((page) => page?.etag)).size, path).toBe(3);
    }
    expect(pages.calls).toHaveLength(paths.length * 3);
    expect(cache.size).toBe(paths.length * 3);
    // A change shown by the finder drops its low-data copies with it, and nothing else.
    cache.invalidate("services");
    const findHelp = paths.filter((path) => path.endsWith("/find-help"));
    expect(cache.size).toBe((paths.length - findHelp.length) * 3);
    cache.invalidate("every-page");
    expect(cache.size).toBe(0);
  });

  test("a Save-Data request gets the low-data copy, with its own ETag and Vary", async () => {
    const cache = new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
    const app = express();
    app.use(servePageCache(cache));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://localhost:${(server.address() as AddressInfo).port}`;
      for (const path of ["/about", "/es/volunteer", "/contact"]) {
        const full = await fetch(base + path);
        const light = await fetch(base + path, { headers: { "Save-Data": "on" } });
        expect(await full.text()).toContain(`page ${path}<`);
        expect(await light.text()).toContain(`page ${path}#low-data-browser<`);
        expect(light.headers.get("x-page-cache")).toBe("hit");
        expect(light.headers.get("vary")).toBe("Accept-Encoding, Cookie, Save-Data");
        expect(light.headers.get("etag")).not.toBe(full.headers.get("etag"));
        // The full page's validator does not revalidate the low-data copy.
        const revalidated = await fetch(base + path, {
          headers: { "Save-Data": "on", "If-None-Match": String(full.headers.get("etag")) },
        });
        expect(revalidated.status).toBe(200);
      }
    } finally {
      server.close();
    }
  });
});

describe("cacheKeyOf: the query parameters a page reads", () => {
  test("a bare path is its own key", () => {
    expect(cacheKeyOf("/about")).toBe("/about");
  });

  test("campaign tags and unknown parameters are dropped", () => {
    expect(cacheKeyOf("/home?utm_source=newsletter&utm_medium=email")).toBe("/home");
    expect(cacheKeyOf("/about?x=1&fbclid=abc&gclid=d&mc_cid=e&mc_eid=f")).toBe("/about");
    expect(cacheKeyOf("/es/resources?utm_campaign=winter")).toBe("/es/resources");
  });

  test("a parameter the page reads makes the request its own, in every locale", () => {
    expect(cacheKeyOf("/give-to-fundraiser?q=shelter")).toBeNull();
    expect(cacheKeyOf("/es/find-help?category=food&utm_source=x")).toBeNull();
    expect(cacheKeyOf("/?amount=50")).toBeNull();
    expect(cacheKeyOf("/es?frequency=monthly")).toBeNull();
    expect(cacheKeyOf("/donate?edit=abc")).toBeNull();
    expect(cacheKeyOf("/volunteer?opportunity=meal-service")).toBeNull();
  });

  test("a search page's key is its path and the parameters it reads, in a fixed order", () => {
    expect(cacheKeyOf("/resources?q=shelter")).toBe("/resources?q=shelter");
    expect(cacheKeyOf("/es/resources?page=2&utm_source=x&q=ba%C3%B1o&tab=links")).toBe(
      "/es/resources?tab=links&q=ba%C3%B1o&page=2",
    );
    expect(cacheKeyOf("/resources?q=")).toBe("/resources?q=");
    // Given twice, a parameter is read as the page reads it: that request's own render.
    expect(cacheKeyOf("/resources?q=food&q=shelter")).toBeNull();
  });

  test("a parameter read by one page does not matter on another", () => {
    expect(cacheKeyOf("/about?q=shelter&amount=5")).toBe("/about");
  });
});

// docs/decisions/101-anonymous-page-cache.md
describe("which pages are cached", () => {
  const pages = cacheablePages();

  test("public pages in every locale, the launch page included", () => {
    for (const path of ["/", "/home", "/about", "/resources", "/launch", "/es", "/es/home"]) {
      expect(pages.has(path), path).toBe(true);
    }
    expect(pages.has("/es/resources")).toBe(true);
  });

  test("never the dashboard, sign-in, payment pages, files or APIs", () => {
    for (const path of [
      "/admin",
      "/login",
      "/donate/manage",
      "/es/donate/manage",
      "/donation-success",
      "/unsubscribe",
      "/api/auth/session",
      "/files/a.pdf",
    ]) {
      expect(pages.has(path), path).toBe(false);
    }
  });

  test("/donate, where campaigns send everyone, in every locale", () => {
    expect(pages.has("/donate")).toBe(true);
    expect(pages.has("/es/donate")).toBe(true);
  });

  test("/resources in each language lists documents, other pages nothing from the library", () => {
    expect(pages.get("/resources")).toEqual(["documents"]);
    expect(pages.get("/es/resources")).toEqual(["documents"]);
    expect(pages.get("/contact")).toEqual([]);
    // A page staff may write (app/features/pages) is dropped when one is published.
    expect(pages.get("/about")).toEqual(["pages"]);
  });
});

describe("isAnonymous", () => {
  test("no cookies, or only the language preference, is anonymous", () => {
    expect(isAnonymous(undefined)).toBe(true);
    expect(isAnonymous("")).toBe(true);
    expect(isAnonymous("lang=es")).toBe(true);
  });

  test("a session, a flash message or any unknown cookie is not", () => {
    expect(isAnonymous("better-auth.session_token=abc")).toBe(false);
    expect(isAnonymous("lang=es; __Secure-better-auth.session_token=abc")).toBe(false);
    expect(isAnonymous("toast=eyJ0")).toBe(false);
    expect(isAnonymous("something-new=1")).toBe(false);
  });
});

describe("pageExpiry", () => {
  test("an hour after rendering once the site has launched", () => {
    const now = new Date(2026, 5, 1, 12, 0);
    expect(pageExpiry(now, LAUNCHED)).toBe(now.getTime() + MAX_PAGE_AGE_MS);
  });

  test("at the launch moment when that comes first", () => {
    const now = new Date(2026, 5, 1, 12, 0);
    expect(pageExpiry(now, "2026-06-01T12:10")).toBe(new Date(2026, 5, 1, 12, 10).getTime());
  });

  test("at new year, for the footer's year", () => {
    const now = new Date(2026, 11, 31, 23, 30);
    expect(pageExpiry(now, LAUNCHED)).toBe(new Date(2027, 0, 1).getTime());
  });
});

describe("PageCache", () => {
  test("renders a page once, however many visitors ask at the same time", async () => {
    const pages = renderer();
    const cache = new PageCache({ render: pages.render, launchAt: () => LAUNCHED });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get("/about")));
    expect(pages.calls).toEqual(["/about"]);
    expect(new Set(answers.map((page) => page?.etag)).size).toBe(1);
  });

  test("does not cache a path outside the list", async () => {
    const pages = renderer();
    const cache = new PageCache({ render: pages.render, launchAt: () => LAUNCHED });
    expect(await cache.get("/admin")).toBeNull();
    expect(pages.calls).toEqual([]);
  });

  test("keeps no error page, no page that sets a cookie, no non-HTML answer", async () => {
    const answers: RenderedPage[] = [
      { ...html("oops", "n"), status: 500 },
      { ...html("hello", "n"), setsCookie: true },
      { ...html("{}", "n"), contentType: "application/json" },
    ];
    let calls = 0;
    const cache = new PageCache({
      render: async () => answers[calls++],
      launchAt: () => LAUNCHED,
    });
    for (let i = 0; i < answers.length; i += 1) expect(await cache.get("/about")).toBeNull();
    expect(calls).toBe(3);
    expect(cache.size).toBe(0);
  });

  test("renders again once the page has expired (launch moment)", async () => {
    let now = new Date(2026, 5, 1, 11, 59);
    const pages = renderer();
    const cache = new PageCache({
      render: pages.render,
      launchAt: () => "2026-06-01T12:00",
      now: () => now,
    });
    await cache.get("/");
    await cache.get("/");
    expect(pages.calls).toHaveLength(1);
    now = new Date(2026, 5, 1, 12, 0);
    await cache.get("/");
    expect(pages.calls).toHaveLength(2);
  });

  test("invalidating a kind drops exactly the pages listing it", async () => {
    const pages = renderer();
    const cache = new PageCache({ render: pages.render, launchAt: () => LAUNCHED });
    for (const path of ["/resources", "/es/resources", "/about"]) await cache.get(path);
    cache.invalidate("statistics");
    for (const path of ["/resources", "/es/resources", "/about"]) await cache.get(path);
    expect(pages.calls).toHaveLength(3);

    cache.invalidate("documents");
    for (const path of ["/resources", "/es/resources", "/about"]) await cache.get(path);
    expect(pages.calls.slice(3).sort()).toEqual(["/es/resources", "/resources"]);
  });

  test("a render under way when its items change is not kept", async () => {
    let release: () => void = () => undefined;
    const pages = renderer({ "/resources": "old list" });
    const cache = new PageCache({
      async render(path, nonce) {
        const page = await pages.render(path, nonce);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return page;
      },
      launchAt: () => LAUNCHED,
    });
    const first = cache.get("/resources");
    await new Promise((resolve) => setImmediate(resolve));
    pages.content["/resources"] = "new list";
    cache.invalidate("documents");
    release();
    expect(await first).toBeNull();
    const next = cache.get("/resources");
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await next)?.identity.toString()).toContain("new list");
  });

  test("switched off, it holds and serves nothing", async () => {
    const pages = renderer();
    const cache = new PageCache({ render: pages.render, launchAt: () => LAUNCHED });
    await cache.get("/about");
    cache.setEnabled(false);
    expect(cache.size).toBe(0);
    expect(cache.isCacheable("/about")).toBe(false);
    expect(await cache.get("/about")).toBeNull();
  });

  test("peek gives a page only once rendered, and never an expired or invalidated one", async () => {
    const clock = { now: new Date(2026, 0, 1, 9, 0) };
    const cache = cacheWithClock(clock);
    expect(cache.peek("/resources")).toBeUndefined();
    const rendering = cache.get("/resources");
    expect(cache.peek("/resources")).toBeUndefined();
    const page = await rendering;
    expect(cache.peek("/resources")).toBe(page);
    expect(cache.peek("/resources?q=food")).toBeUndefined();

    cache.invalidate("documents");
    expect(cache.peek("/resources")).toBeUndefined();
    await cache.get("/resources");
    expect(cache.peek("/resources")).toBeDefined();
    clock.now = new Date(clock.now.getTime() + MAX_PAGE_AGE_MS);
    expect(cache.peek("/resources")).toBeUndefined();
    clock.now = new Date(2026, 0, 1, 9, 0);
    cache.setEnabled(false);
    expect(cache.peek("/resources")).toBeUndefined();
  });
});

describe("pages kept per query", () => {
  test("each search is kept once, dropped with its tab's kind, and at most MAX_QUERY_PAGES are held", async () => {
    const { calls, render } = renderer();
    const cache = new PageCache({ render, launchAt: () => LAUNCHED });
    // Asked twice, each is kept: a third visitor gets the same render.
    for (const path of ["/resources?q=food", "/es/resources?tab=links&q=food"]) {
      expect(await cache.get(path)).toBeNull();
      expect(await cache.get(path)).not.toBeNull();
    }
    await cache.get("/resources?q=food");
    expect(calls).toEqual(["/resources?q=food", "/es/resources?tab=links&q=food"]);

    // Publishing a document drops the documents searches, not the links ones.
    cache.invalidate("documents");
    expect(cache.peek("/resources?q=food")).toBeUndefined();
    expect(cache.peek("/es/resources?tab=links&q=food")).toBeDefined();

    // A visitor inventing terms evicts the oldest searches; the pages without a query stay.
    await cache.get("/resources");
    for (let term = 0; term < MAX_QUERY_PAGES + 5; term += 1) {
      await cache.get(`/resources?q=term-${term}`);
      await cache.get(`/resources?q=term-${term}`);
    }
    expect(cache.size).toBe(MAX_QUERY_PAGES + 1);
    expect(cache.peek("/es/resources?tab=links&q=food")).toBeUndefined();
    expect(cache.peek("/resources?q=term-4")).toBeUndefined();
    expect(cache.peek(`/resources?q=term-${MAX_QUERY_PAGES + 4}`)).toBeDefined();
    expect(cache.peek("/resources")).toBeDefined();
  });

  test("a search asked once is left to the framework; the store remembers MAX_ASKED_ONCE of them", async () => {
    const { calls, render } = renderer();
    const cache = new PageCache({ render, launchAt: () => LAUNCHED });
    for (let term = 0; term <= MAX_ASKED_ONCE; term += 1) {
      expect(await cache.get(`/resources?q=once-${term}`)).toBeNull();
    }
    // Nothing rendered, nothing kept, nothing compressed.
    expect(calls).toEqual([]);
    expect(cache.size).toBe(0);
    // The newest are remembered: asked again, kept.
    expect(await cache.get(`/resources?q=once-${MAX_ASKED_ONCE}`)).not.toBeNull();
    expect(calls).toEqual([`/resources?q=once-${MAX_ASKED_ONCE}`]);
    // The oldest was forgotten beyond the bound: asked again, it counts as a first time.
    expect(await cache.get("/resources?q=once-0")).toBeNull();
    // Pages without a query are kept from their first visitor, as before.
    expect(await cache.get("/resources")).not.toBeNull();
  });

  test("a query on a page not kept per query is not cacheable", () => {
    const cache = new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
    expect(cache.isCacheable("/resources?q=food")).toBe(true);
    expect(cache.isCacheable("/give-to-fundraiser?q=food")).toBe(false);
    expect(cache.isCacheable("/about?q=food")).toBe(false);
  });
});

describe("servePageCache", () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

  /** The middleware in front of a stand-in for the framework that says who answered. */
  async function serve(cache: PageCache) {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "fresh";
      res.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-fresh'");
      next();
    });
    app.use(servePageCache(cache));
    app.use((_req, res) => {
      res.type("text/plain").send("framework");
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    return `http://localhost:${(server.address() as AddressInfo).port}`;
  }

  function cache() {
    return new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
  }

  test("answers an anonymous GET from memory, with validators and Vary", async () => {
    const base = await serve(cache());
    const response = await fetch(`${base}/about`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("etag")).toMatch(/^W\/"/);
    expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie, Save-Data");
    expect(await response.text()).toContain("page /about");
  });

  test("brotli, gzip and identity answers carry the same bytes", async () => {
    const base = await serve(cache());
    const raw = async (encoding: string) => {
      const response = await fetch(`${base}/home`, { headers: { "Accept-Encoding": encoding } });
      // fetch decodes brotli and gzip: equal bodies mean the same page whatever was sent.
      return {
        encoding: response.headers.get("content-encoding"),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    const identity = await raw("identity");
    const br = await raw("gzip, deflate, br, zstd");
    const gz = await raw("gzip");
    expect(identity.encoding).toBeNull();
    expect(br.encoding).toBe("br");
    expect(gz.encoding).toBe("gzip");
    expect(br.body.equals(identity.body)).toBe(true);
    expect(gz.body.equals(identity.body)).toBe(true);
  });

  test("the stored compressed forms decode to the page itself", async () => {
    const pageCache = cache();
    const page = await pageCache.get("/home");
    expect(page).not.toBeNull();
    if (!page) return;
    expect(brotliDecompressSync(page.br).equals(page.identity)).toBe(true);
    expect(gunzipSync(page.gzip).equals(page.identity)).toBe(true);
  });

  test("the quick brotli of a fresh render gives way to the smallest, same bytes and ETag", async () => {
    const content = {
      // Varied text: the smallest brotli beats the quick one by far more than a nonce's bytes.
      "/home": `<main>${Array.from({ length: 3000 }, (_, i) => `shelter ${(i * 7919) % 10007} opens`).join(" ")}</main>`,
    };
    const pageCache = new PageCache({ render: renderer(content).render, launchAt: () => LAUNCHED });
    const page = await pageCache.get("/home");
    if (!page) throw new Error("not cached");
    const quick = page.br;
    const etag = page.etag;
    await pageCache.settled();
    expect(page.br.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(page.br).equals(page.identity)).toBe(true);
    expect((await pageCache.get("/home"))?.etag).toBe(etag);
  });

  test("a search kept per query keeps its quick brotli: the smallest is not worth its processor time", async () => {
    const text = `<main>${Array.from({ length: 3000 }, (_, i) => `shelter ${(i * 7919) % 10007} opens`).join(" ")}</main>`;
    const content = { "/home": text, "/resources?q=shelter": text };
    const pageCache = new PageCache({ render: renderer(content).render, launchAt: () => LAUNCHED });
    const home = await pageCache.get("/home");
    expect(await pageCache.get("/resources?q=shelter")).toBeNull(); // asked once: not kept
    const search = await pageCache.get("/resources?q=shelter");
    if (!home || !search) throw new Error("not cached");
    const quick = { home: home.br, search: search.br };
    await pageCache.settled();
    expect(home.br.length).toBeLessThan(quick.home.length);
    expect(search.br).toBe(quick.search);
    expect(brotliDecompressSync(search.br).equals(search.identity)).toBe(true);
  });

  test("the policy allows the page's inline scripts by their hashes and holds no nonce", async () => {
    const base = await serve(cache());
    const first = await fetch(`${base}/about`);
    const page = await first.text();
    const policy = first.headers.get("content-security-policy");
    expect(policy).toBe(`script-src 'self' ${inlineScriptSources(page)}`);
    expect(policy?.match(/'sha256-/g)).toHaveLength(2);
    expect(policy).not.toContain("'nonce-");
    // The nonce in the page's markup is named by no answer's policy: it allows nothing.
    const second = await fetch(`${base}/about`);
    expect(second.headers.get("content-security-policy")).toBe(policy);
  });

  test("campaign tags and parameters the page does not read are served the cached page", async () => {
    const base = await serve(cache());
    for (const url of [
      "/about?x=1",
      "/home?utm_source=newsletter&utm_medium=email",
      "/es/about?fbclid=abc&gclid=def",
      "/resources?mc_cid=1&mc_eid=2",
      "/donate",
      "/volunteer?utm_campaign=spring",
    ]) {
      const response = await fetch(base + url);
      expect(response.headers.get("x-page-cache"), url).toBe("hit");
      expect(await response.text(), url).toContain(`page ${url.split("?")[0]}`);
    }
  });

  test("a matching If-None-Match gets 304, HEAD gets headers only", async () => {
    const base = await serve(cache());
    const first = await fetch(`${base}/about`);
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${base}/about`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  test("a session or flash cookie, a query string, a POST or another path goes to the framework", async () => {
    const base = await serve(cache());
    const answers = await Promise.all([
      fetch(`${base}/about`, { headers: { Cookie: "better-auth.session_token=abc" } }),
      fetch(`${base}/about`, { headers: { Cookie: "toast=abc" } }),
      fetch(`${base}/give-to-fundraiser?q=food`),
      fetch(`${base}/?amount=100`),
      fetch(`${base}/home?utm_source=newsletter&frequency=monthly`),
      fetch(`${base}/volunteer?opportunity=meal-service`),
      fetch(`${base}/donate?edit=token`),
      fetch(`${base}/about`, { method: "POST" }),
      fetch(`${base}/admin`),
    ]);
    for (const response of answers) {
      expect(response.headers.get("x-page-cache")).toBeNull();
      expect(await response.text()).toBe("framework");
    }
    // A signed-in visitor's page must not be kept by a CDN either.
    expect(answers[0].headers.get("cache-control")).toBe("private, no-cache");
  });
});

// docs/decisions/117-cache-hits-before-express.md
describe("pageCacheFirst: rendered pages answered before Express", () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

  /**
   * The app's order: the real security headers, the cache middleware, then a stand-in for the
   * framework; `reachedExpress` counts the requests Express saw.
   */
  async function serve(cache: PageCache) {
    let reachedExpress = 0;
    const app = express();
    app.use((_req, _res, next) => {
      reachedExpress += 1;
      next();
    });
    app.use(securityHeaders);
    app.use(servePageCache(cache));
    app.use((_req, res) => {
      res.type("text/plain").send("framework");
    });
    const server = createServer(pageCacheFirst(cache, app));
    await new Promise<void>((resolve) => server.listen(0, resolve));
    close = () => server.close();
    const base = `http://localhost:${(server.address() as AddressInfo).port}`;
    return { base, reachedExpress: () => reachedExpress };
  }

  /** The headers of an answer that are not about the connection or the moment. */
  function answerHeaders(response: Response) {
    const skip = new Set(["date", "connection", "keep-alive", "x-request-id"]);
    return [...response.headers.keys()].filter((name) => !skip.has(name)).sort();
  }

  test("once rendered, a page is sent without Express, with the same headers and no nonce", async () => {
    const cache = new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
    const { base, reachedExpress } = await serve(cache);
    const rendered = await fetch(`${base}/about`);
    expect(reachedExpress()).toBe(1);

    const fast = await fetch(`${base}/about`);
    expect(reachedExpress()).toBe(1);
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(await rendered.text());
    expect(answerHeaders(fast)).toEqual(answerHeaders(rendered));
    expect(fast.headers.get("x-page-cache")).toBe("hit");
    expect(fast.headers.get("x-frame-options")).toBe("DENY");
    expect(fast.headers.get("vary")).toBe("Accept-Encoding, Cookie, Save-Data");
    expect(fast.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));
    const policy = fast.headers.get("content-security-policy");
    expect(policy).toBe(rendered.headers.get("content-security-policy"));
    expect(policy).toContain(inlineScriptSources(await (await fetch(`${base}/about`)).text()));
    expect(policy).not.toContain("'nonce-");
  });

  test("brotli, gzip, identity, a matching ETag and HEAD, all without Express", async () => {
    const cache = new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
    const { base, reachedExpress } = await serve(cache);
    const identity = await fetch(`${base}/home`, { headers: { "Accept-Encoding": "identity" } });
    const page = await identity.text();
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${base}/home`, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(await response.text()).toBe(page);
    }
    const etag = identity.headers.get("etag") ?? "";
    const again = await fetch(`${base}/home`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/home`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(reachedExpress()).toBe(1);
  });

  test("a cookie, a query string, a POST, an invalidated or expired page go through Express", async () => {
    const clock = { now: new Date(2026, 0, 1, 9, 0) };
    const cache = cacheWithClock(clock);
    const { base, reachedExpress } = await serve(cache);
    await fetch(`${base}/resources`);
    const throughExpress = [
      fetch(`${base}/resources`, { headers: { Cookie: "toast=abc" } }),
      fetch(`${base}/give-to-fundraiser?q=food`),
      fetch(`${base}/resources`, { method: "POST" }),
    ];
    for (const response of await Promise.all(throughExpress)) {
      expect(response.headers.get("x-page-cache")).toBeNull();
      expect(await response.text()).toBe("framework");
    }
    expect(reachedExpress()).toBe(4);

    cache.invalidate("documents");
    expect((await fetch(`${base}/resources`)).headers.get("x-page-cache")).toBe("hit");
    expect(reachedExpress()).toBe(5);
    clock.now = new Date(clock.now.getTime() + MAX_PAGE_AGE_MS);
    await fetch(`${base}/resources`);
    expect(reachedExpress()).toBe(6);
    await fetch(`${base}/resources`);
    expect(reachedExpress()).toBe(6);
  });
});

async function eventually(check: () => boolean, timeoutMs = 3000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Two app processes sharing one Redis, when a Redis server is given (CI gives one).
const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(redisUrls)("invalidation through Redis (%s)", (redisUrl) => {
  test("reaches every process at once; the cache is off until subscribed", async () => {
    const first = new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
    const second = new PageCache({ render: renderer().render, launchAt: () => LAUNCHED });
    const firstBus = redisInvalidation(first, redisUrl);
    const secondBus = redisInvalidation(second, redisUrl);
    try {
      // Until subscribed, a process could miss another's message: it caches nothing.
      expect(first.isCacheable("/resources")).toBe(false);
      await eventually(() => first.isCacheable("/resources") && second.isCacheable("/resources"));
      for (const cache of [first, second]) {
        await cache.get("/resources");
        await cache.get("/about");
      }
      firstBus.publish("documents");
      expect(first.size).toBe(1);
      await eventually(() => second.size === 1);
      expect(await second.get("/about")).not.toBeNull();
    } finally {
      await firstBus.close();
      await secondBus.close();
    }
    // A lost connection switches the cache off rather than risk a stale page.
    await eventually(() => !first.isCacheable("/about"));
  });
});
