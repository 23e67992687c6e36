/**
 * The anonymous page cache in the real app (docs/decisions/101-anonymous-page-cache.md and
 * docs/decisions/117-cache-hits-before-express.md): server/app.ts is loaded
 * through Vite, as `npm run dev` does, so pages are rendered by React Router from the real routes
 * and database, and staff publish through the real dashboard action. Requests are answered as in
 * production: rendered pages before Express, the rest by the app.
 */
import { createHash } from "node:crypto";
import { get as httpGet, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { documents } from "#app/db/schema";
import { createUserSession } from "#tests/auth-utils";
import { cacheablePages } from "../../server/page-cache/policy";
import { type LoadedSite, serveLikeServerJs } from "./site-server";

let vite: ViteDevServer;
let server: Server;
let base: string;
interface PageCache {
  invalidate(kind: "documents"): void;
}
let pageCache: PageCache;

beforeAll(async () => {
  vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const app = (await vite.ssrLoadModule("./server/app.ts")) as LoadedSite<PageCache>;
  await app.start();
  pageCache = app.pageCache;
  server = serveLikeServerJs(app).listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
});

// Each test starts from empty tables: no page may survive from the previous one.
beforeEach(() => pageCache.invalidate("documents"));

async function addDocument(title: string, isPublished: boolean) {
  const [row] = await db()
    .insert(documents)
    .values({
      title,
      description: "A guide for test visitors",
      fileUrl: `/files/${title}.pdf`,
      storageKey: `${title}.pdf`,
      fileType: "PDF",
      fileSize: "1.0 KB",
      isPublished,
    })
    .returning({ id: documents.id });
  return row.id;
}

/** The answer's bytes as sent (fetch would decode them) and its headers. */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ body: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
    httpGet(base + path, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
    }).on("error", reject);
  });
}

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(base + path, { headers, redirect: "manual" });
}

/** Publishes or unpublishes through the dashboard's own form, as an editor. */
async function setPublishedAsStaff(cookie: string, id: string, publish: boolean) {
  const response = await fetch(`${base}/admin/documents`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "publish", id, publish: String(publish) }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

describe("anonymous page cache", () => {
  test("a second anonymous visit is served from the cache, with the same page", async () => {
    const first = await get("/about");
    const second = await get("/about");
    expect(first.status).toBe(200);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(await first.text());
  });

  test("a published resource appears at once; an unpublished one disappears at once", async () => {
    const { cookie } = await createUserSession("editor");
    const id = await addDocument("Winter shelter map", false);
    expect(await (await get("/resources")).text()).not.toContain("Winter shelter map");
    expect(await (await get("/es/resources")).text()).not.toContain("Winter shelter map");

    await setPublishedAsStaff(cookie, id, true);
    for (const path of ["/resources", "/es/resources"]) {
      const response = await get(path);
      expect(response.headers.get("x-page-cache")).toBe("hit");
      expect(await response.text()).toContain("Winter shelter map");
    }

    await setPublishedAsStaff(cookie, id, false);
    for (const path of ["/resources", "/es/resources"]) {
      expect(await (await get(path)).text()).not.toContain("Winter shelter map");
    }
  });

  test("a signed-in visitor never gets the cached page, nor another visitor's", async () => {
    const editor = await createUserSession("editor");
    const otherEditor = await createUserSession("editor");
    await get("/resources"); // an anonymous copy is cached

    const signedIn = await get("/resources", { Cookie: editor.cookie });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    // The staff link is rendered for staff only (its label is also in the page's message catalog).
    const staffLink = 'href="/admin"';
    expect(await signedIn.text()).toContain(staffLink);

    // Nothing of a signed-in visit is kept: the next anonymous visitor sees no staff link.
    const anonymous = await get("/resources");
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain(staffLink);
    const other = await get("/resources", { Cookie: otherEditor.cookie });
    expect(other.headers.get("x-page-cache")).toBeNull();
    expect(await other.text()).not.toContain(editor.user.email);
  });

  test("a visitor with a flash message gets it, on a page rendered for them", async () => {
    const { cookie } = await createUserSession("editor");
    const id = await addDocument("Food pantry list", false);
    const publish = await fetch(`${base}/admin/documents`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "publish", id, publish: "true" }),
      redirect: "manual",
    });
    const toastCookie = publish.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .find((line) => line.startsWith("toast="));
    expect(toastCookie).toBeTruthy();
    await get("/about"); // cached for anonymous visitors

    const flashed = await get("/about", { Cookie: String(toastCookie) });
    expect(flashed.headers.get("x-page-cache")).toBeNull();
    expect(await flashed.text()).toContain("Item published");
    const anonymous = await get("/about");
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain("Item published");
  });

  test("compressed and uncompressed answers carry the same bytes", async () => {
    const identity = await get("/home", { "Accept-Encoding": "identity" });
    const brotli = await get("/home", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    const gzip = await get("/home", { "Accept-Encoding": "gzip" });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes brotli and gzip.
    const page = await identity.text();
    expect(await brotli.text()).toBe(page);
    expect(await gzip.text()).toBe(page);
  });

  test("campaign tags and parameters a page does not read are answered from the cache", async () => {
    const bare = await (await get("/home")).text();
    for (const path of [
      "/about?x=1",
      "/home?utm_source=newsletter&utm_medium=email",
      "/es/about?fbclid=a",
    ]) {
      const response = await get(path);
      expect(response.headers.get("x-page-cache"), path).toBe("hit");
    }
    expect(await (await get("/home?utm_source=newsletter")).text()).toBe(bare);
  });

  test("/donate is answered from the cache, in both languages", async () => {
    for (const path of ["/donate", "/es/donate"]) {
      await get(path);
      const response = await get(path);
      expect(response.headers.get("x-page-cache"), path).toBe("hit");
      expect(await response.text()).toContain('name="customAmount"');
    }
  });

  test("a cached page's policy names the hash of each inline script and no nonce", async () => {
    await get("/home");
    const answers = [await get("/home"), await get("/home")];
    for (const response of answers) {
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy).not.toContain("'nonce-");
      const page = await response.text();
      const inline = [...page.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(1);
      for (const [, script] of inline) {
        const hash = createHash("sha256").update(script).digest("base64");
        expect(policy).toContain(`'sha256-${hash}'`);
      }
    }
  });

  test("a search page is kept per query, and a change to what it lists drops it at once", async () => {
    const { cookie } = await createUserSession("editor");
    const id = await addDocument("Clinic hours", false);
    // The first visitor's search is rendered for them alone; from the second on it is kept, and
    // the same words, however the address spells the parameters around them, share one page.
    const once = await get("/resources?q=clinic");
    expect(once.headers.get("x-page-cache")).toBeNull();
    expect(await once.text()).not.toContain("Clinic hours");
    const first = await get("/resources?q=clinic");
    expect(first.headers.get("x-page-cache")).toBe("hit");
    const again = await get("/resources?utm_source=newsletter&q=clinic");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    await get("/resources?q=shower");
    const otherWords = await get("/resources?q=shower");
    expect(otherWords.headers.get("etag")).not.toBe(first.headers.get("etag"));

    await setPublishedAsStaff(cookie, id, true);
    for (const path of ["/resources?q=clinic", "/es/resources?q=clinic"]) {
      expect(await (await get(path)).text(), path).toContain("Clinic hours");
    }
    // Another tab's search shows another kind, which this change leaves alone.
    expect(await (await get("/resources?tab=links&q=clinic")).text()).not.toContain("Clinic hours");
  });

  test("a parameter given twice is rendered for its request, never kept", async () => {
    await addDocument("Clinic hours", true);
    const twice = await get("/resources?q=clinic&q=shower");
    expect(twice.status).toBe(200);
    expect(twice.headers.get("x-page-cache")).toBeNull();
  });

  test("a page rendered per request is compressed whole and sent with its length", async () => {
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, none: (body: Buffer) => body };
    for (const [acceptEncoding, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["identity", "none"],
    ] as const) {
      const answer = await rawGet("/give-to-fundraiser?q=shower", acceptEncoding);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.headers["content-encoding"] ?? "none", acceptEncoding).toBe(encoding);
      expect(answer.headers.vary).toContain("Accept-Encoding");
      // One body of a known length, not a chunked stream.
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      const page = decoders[encoding](answer.body).toString("utf8");
      expect(page).toMatch(/^<!DOCTYPE html>/i);
      // The search box holds the words searched for: this request's own page.
      expect(page).toMatch(/<input[^>]*value="shower"/);
      expect(page.trimEnd()).toMatch(/<\/html>$/);
    }
  });
});

/** A decorative picture in a page's HTML: an <img> with an empty text alternative. */
const DECORATIVE_IMAGE = /<img\b[^>]*\balt=""/;

// docs/decisions/215-low-data-pages-without-decorative-images.md
describe("low-data pages", () => {
  test("every cached page, in both languages, has a Save-Data copy of its own without decorative pictures", async () => {
    const paths = [...cacheablePages().keys()];
    expect(paths).toEqual(expect.arrayContaining(["/about", "/es/about", "/home", "/find-help"]));
    const notPages: string[] = [];
    for (const path of paths) {
      const variants: Record<string, string>[] = [
        { "Save-Data": "on" },
        { Cookie: "save-data=on" },
      ];
      for (const headers of variants) {
        await get(path, headers);
        const light = await get(path, headers);
        const label = `${path} ${JSON.stringify(headers)}`;
        // The statement's address, without its signed link, is refused: nothing to keep.
        if (light.status !== 200) {
          expect(light.headers.get("x-page-cache"), label).toBeNull();
          notPages.push(path);
          continue;
        }
        expect(light.headers.get("x-page-cache"), label).toBe("hit");
        expect(light.headers.get("vary"), label).toBe("Accept-Encoding, Cookie, Save-Data");
        const html = await light.text();
        expect(html, label).toContain('class="low-data"');
        expect(html, label).not.toMatch(DECORATIVE_IMAGE);
      }
    }
    expect(new Set(notPages)).toEqual(
      new Set(["/donate/manage/statement", "/es/donate/manage/statement"]),
    );
  }, 240_000);

  test("/about keeps its founder's picture for everyone else, in a copy apart", async () => {
    for (const path of ["/about", "/es/about"]) {
      await get(path);
      const full = await get(path);
      const light = await get(path, { "Save-Data": "on" });
      expect(full.headers.get("x-page-cache")).toBe("hit");
      expect(light.headers.get("etag")).not.toBe(full.headers.get("etag"));
      expect(await full.text()).toMatch(/<img\b[^>]*src="\/images\/founder.svg"[^>]*alt=""/);
      const html = await light.text();
      expect(html).not.toContain("/images/founder.svg");
      expect(html).toContain("founder-heading");
    }
  });

  test("a page rendered for its request says it varies by Save-Data and cookies, and has no decorative picture", async () => {
    // A session's page is rendered for it alone, past the cache.
    const { cookie } = await createUserSession("editor");
    const cases: [string, Record<string, string>][] = [
      ["/find-help?category=food", { "Save-Data": "on" }],
      ["/give-to-fundraiser?q=shelter", { Cookie: "save-data=on" }],
      ["/about", { "Save-Data": "on", Cookie: cookie }],
    ];
    for (const [path, headers] of cases) {
      const response = await get(path, headers);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-page-cache"), path).toBeNull();
      expect(response.headers.get("vary"), path).toMatch(/Save-Data/);
      expect(response.headers.get("vary"), path).toMatch(/Cookie/);
      const html = await response.text();
      expect(html, path).toContain('class="low-data"');
      expect(html, path).not.toMatch(DECORATIVE_IMAGE);
    }
  });
});
