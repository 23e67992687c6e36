/**
 * robots.txt, sitemap.xml and every page's canonical link, alternates and preview card tags, read
 * from pages rendered by the app's real request handler (the React Router build Vite serves).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Locale, locales } from "#app/i18n/locales";
import { PREVIEW_SIZE, type PreviewImage, previewImages } from "#app/lib/seo";

const SITE = "https://houstonhome.example";

let vite: ViteDevServer;
let handler: ReturnType<typeof createRequestHandler>;

beforeAll(async () => {
  // Read by the app's own copy of env.server.ts, loaded below for the first time.
  process.env.PUBLIC_URL = SITE;
  process.env.LAUNCH_AT = "2020-01-01T00:00";
  vite = await createServer({
    configFile: "vite.config.ts",
    // No file watcher: the test never edits a file (a watcher first walks the whole tree).
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  handler = createRequestHandler(build, "production");
}, 240_000);

afterAll(async () => {
  await vite?.close();
  delete process.env.LAUNCH_AT;
});

function get(pathAndQuery: string) {
  return handler(new Request(new URL(pathAndQuery, "http://localhost:3000")), {
    requestId: "test",
  } as never);
}

type Attributes = Record<string, string>;

function decodeEntities(text: string) {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The <head> of a rendered page: its title, <html lang>, and its <meta> and <link> tags. */
async function headOf(pathAndQuery: string, expectedStatus = 200) {
  const response = await get(pathAndQuery);
  expect(response.status, pathAndQuery).toBe(expectedStatus);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const tags = (name: "meta" | "link") =>
    [...head.matchAll(new RegExp(`<${name}\\s([^>]*?)/?>`, "g"))].map((match) =>
      Object.fromEntries(
        [...match[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [
          key.toLowerCase(),
          decodeEntities(value),
        ]),
      ),
    ) as Attributes[];
  const metas = tags("meta");
  const links = tags("link");
  const property = (name: string) =>
    metas.filter((tag) => tag.property === name).map((tag) => tag.content);
  const named = (name: string) =>
    metas.filter((tag) => tag.name === name).map((tag) => tag.content);
  return {
    lang: html.match(/<html[^>]*\slang="([^"]+)"/)?.[1],
    title: decodeEntities(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""),
    property,
    named,
    canonical: links.filter((tag) => tag.rel === "canonical").map((tag) => tag.href),
    alternates: Object.fromEntries(
      links.filter((tag) => tag.rel === "alternate").map((tag) => [tag.hreflang, tag.href]),
    ),
  };
}

interface SitemapEntry {
  loc: string;
  alternates: Record<string, string>;
}

async function sitemap(): Promise<SitemapEntry[]> {
  const response = await get("/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => name === "url" || name === "xhtml:link",
  }).parse(xml);
  expect(parsed.urlset.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(parsed.urlset["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
  return parsed.urlset.url.map(
    (url: { loc: string; "xhtml:link": { rel: string; hreflang: string; href: string }[] }) => ({
      loc: url.loc,
      alternates: Object.fromEntries(
        url["xhtml:link"].map((link) => {
          expect(link.rel).toBe("alternate");
          return [link.hreflang, link.href];
        }),
      ),
    }),
  );
}

async function disallowedPaths() {
  const response = await get("/robots.txt");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
  const text = await response.text();
  return {
    text,
    disallowed: [...text.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]),
  };
}

const privatePages = [
  "/admin",
  "/admin/documents",
  "/login",
  "/api/auth/session",
  "/donate/pay/8f0d5c3e-8d7c-4bb1-9a55-2f1f7d2e8a10",
  "/donate/manage",
  "/donate/manage/statement",
  "/donation-success",
  "/unsubscribe",
  "/es/donate/pay/8f0d5c3e-8d7c-4bb1-9a55-2f1f7d2e8a10",
  "/es/donate/manage",
  "/es/donation-success",
  "/es/unsubscribe",
];

describe("robots.txt", () => {
  test("keeps the dashboard, sign-in, APIs and personal pages out, and names the sitemap", async () => {
    const { text, disallowed } = await disallowedPaths();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap.xml$`, "m"));
    const blocked = (pathname: string) => disallowed.some((prefix) => pathname.startsWith(prefix));
    for (const pathname of privatePages) expect(blocked(pathname), pathname).toBe(true);
    // Public pages, their Spanish twins and published files stay crawlable.
    for (const pathname of ["/", "/es", "/about", "/es/resources", "/donate", "/files/a.pdf"]) {
      expect(blocked(pathname), pathname).toBe(false);
    }
  });
});

describe("sitemap.xml", () => {
  test("lists every public page in both languages, each with en, es and x-default alternates", async () => {
    const entries = await sitemap();
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const pathname of [
      "/",
      "/home",
      "/about",
      "/resources",
      "/donate",
      "/volunteer",
      "/contact",
      "/partnerships",
      "/privacy",
      "/launch",
      "/give",
    ]) {
      const english = `${SITE}${pathname}`;
      const spanish = `${SITE}${pathname === "/" ? "/es" : `/es${pathname}`}`;
      const alternates = { en: english, es: spanish, "x-default": english };
      expect(entries).toContainEqual({ loc: english, alternates });
      expect(entries).toContainEqual({ loc: spanish, alternates });
    }
    // One entry per page and language.
    expect(locs.filter((loc) => loc.startsWith(`${SITE}/es`))).toHaveLength(locs.length / 2);
  });

  test("holds no private page, nothing robots.txt refuses, and only absolute site URLs", async () => {
    const entries = await sitemap();
    const { disallowed } = await disallowedPaths();
    for (const { loc, alternates } of entries) {
      for (const url of [loc, ...Object.values(alternates)]) {
        expect(url.startsWith(`${SITE}/`), url).toBe(true);
        const { pathname } = new URL(url);
        expect(
          disallowed.some((prefix) => pathname.startsWith(prefix)),
          pathname,
        ).toBe(false);
        expect(pathname).not.toMatch(/admin|login|manage|pay|success|unsubscribe|:/);
      }
    }
  });

  test("every URL in it renders, names itself canonical and carries the same alternates", async () => {
    for (const { loc, alternates } of await sitemap()) {
      const head = await headOf(new URL(loc).pathname);
      expect(head.canonical, loc).toEqual([loc]);
      expect(head.alternates, loc).toEqual(alternates);
      expect(head.lang, loc).toBe(new URL(loc).pathname.split("/")[1] === "es" ? "es" : "en");
      expect(head.named("robots"), loc).toEqual([]);
    }
  }, 120_000);
});

/** A main page, where sharing it should show its own card. */
const sharedPages: { path: string; image: PreviewImage }[] = [
  { path: "/", image: "home" },
  { path: "/home", image: "home" },
  { path: "/launch", image: "launch" },
  { path: "/about", image: "about" },
  { path: "/resources", image: "resources" },
  { path: "/resources?tab=statistics", image: "resources" },
  { path: "/donate", image: "donate" },
  { path: "/volunteer", image: "volunteer" },
  { path: "/contact", image: "contact" },
  { path: "/partnerships", image: "partnerships" },
];

function inLocale(pathAndQuery: string, locale: Locale) {
  if (locale === "en") return pathAndQuery;
  return pathAndQuery === "/" ? "/es" : `/es${pathAndQuery}`;
}

describe("preview cards", () => {
  test.each(locales.flatMap((locale) => sharedPages.map((page) => ({ ...page, locale }))))(
    "$locale $path: Open Graph and Twitter tags with its own image",
    async ({ path: pagePath, image, locale }) => {
      const url = inLocale(pagePath, locale);
      const head = await headOf(url);
      const imageUrl = `${SITE}/og/${locale}/${image}.png`;
      const other = locale === "en" ? "es_US" : "en_US";
      expect(head.lang).toBe(locale);
      expect(head.property("og:type")).toEqual(["website"]);
      expect(head.property("og:site_name")).toEqual(["Houston Home Foundation"]);
      expect(head.property("og:title")).toEqual([head.title]);
      expect(head.named("twitter:title")).toEqual([head.title]);
      const [description] = head.named("description");
      expect(description.length).toBeGreaterThan(40);
      expect(head.property("og:description")).toEqual([description]);
      expect(head.named("twitter:description")).toEqual([description]);
      expect(head.property("og:url")).toEqual(head.canonical);
      expect(head.property("og:image")).toEqual([imageUrl]);
      expect(head.property("og:image:width")).toEqual([String(PREVIEW_SIZE.width)]);
      expect(head.property("og:image:height")).toEqual([String(PREVIEW_SIZE.height)]);
      expect(head.property("og:image:type")).toEqual(["image/png"]);
      expect(head.property("og:image:alt")).toEqual([head.title]);
      expect(head.named("twitter:card")).toEqual(["summary_large_image"]);
      expect(head.named("twitter:image")).toEqual([imageUrl]);
      expect(head.property("og:locale")).toEqual([locale === "en" ? "en_US" : "es_US"]);
      expect(head.property("og:locale:alternate")).toEqual([other]);
    },
  );

  test("Spanish pages speak Spanish in their cards", async () => {
    const english = await headOf("/donate");
    const spanish = await headOf("/es/donate");
    expect(english.title).toBe("Donate - Houston Home Foundation");
    expect(spanish.title).toBe("Donar - Houston Home Foundation");
    expect(spanish.property("og:description")[0]).toMatch(/personas sin hogar en Houston/);
    expect((await headOf("/es")).property("og:title")).toEqual([
      "Houston Home Foundation - Todos merecen un lugar al que llamar hogar",
    ]);
  });

  test.each(locales.flatMap((locale) => previewImages.map((image) => ({ locale, image }))))(
    "public/og/$locale/$image.png is a 1200x630 PNG",
    ({ locale, image }) => {
      const png = readFileSync(path.join("public", "og", locale, `${image}.png`));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
      expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
      expect(png.readUInt32BE(16)).toBe(PREVIEW_SIZE.width);
      expect(png.readUInt32BE(20)).toBe(PREVIEW_SIZE.height);
    },
  );

  test("each page and language has a card of its own", () => {
    const files = locales.flatMap((locale) =>
      previewImages.map((image) =>
        readFileSync(path.join("public", "og", locale, `${image}.png`)).toString("base64"),
      ),
    );
    expect(new Set(files).size).toBe(files.length);
  });
});

describe("canonical links", () => {
  test("a search or a page number is the same page; a resources tab is a page of its own", async () => {
    const search = await headOf("/resources?q=shelter&page=2");
    expect(search.canonical).toEqual([`${SITE}/resources`]);
    const tab = await headOf("/es/resources?tab=links&q=ayuda");
    expect(tab.canonical).toEqual([`${SITE}/es/resources?tab=links`]);
    expect(tab.alternates).toEqual({
      en: `${SITE}/resources?tab=links`,
      es: `${SITE}/es/resources?tab=links`,
      "x-default": `${SITE}/resources?tab=links`,
    });
    // An unknown tab falls back to the documents list, and so does its canonical.
    expect((await headOf("/resources?tab=nonsense")).canonical).toEqual([`${SITE}/resources`]);
  });

  test("personal pages and the 404 page are noindex, without canonical or alternates", async () => {
    for (const [url, status] of [
      ["/unsubscribe?token=not-a-real-token", 400],
      ["/es/unsubscribe", 400],
      ["/no-such-page", 404],
      ["/es/no-such-page", 404],
      ["/no/such-page", 404],
      ["/es/no/such-page", 404],
    ] as const) {
      const head = await headOf(url, status);
      expect(head.named("robots"), url).toEqual(["noindex"]);
      expect(head.canonical, url).toEqual([]);
      expect(head.alternates, url).toEqual({});
      expect(head.property("og:image"), url).toEqual([]);
    }
    expect((await headOf("/es/no-such-page", 404)).lang).toBe("es");
  });
});

describe("placeholder pages", () => {
  test("each is served in both languages by its one route per locale, with its own title", async () => {
    const english = await headOf("/give");
    const spanish = await headOf("/es/give");
    expect(english.lang).toBe("en");
    expect(spanish.lang).toBe("es");
    expect(english.title).not.toBe(spanish.title);
    expect(english.canonical).toEqual([`${SITE}/give`]);
    expect(english.named("robots")).toEqual([]);
    expect((await headOf("/tiny-heroes")).title).not.toBe(english.title);
  });

  test("a form posted to an unknown page of one segment changes nothing and gets a 404", async () => {
    const response = await handler(
      new Request("http://localhost:3000/no-such-page", { method: "POST", body: new FormData() }),
      { requestId: "test" } as never,
    );
    expect(response.status).toBe(404);
  });
});
