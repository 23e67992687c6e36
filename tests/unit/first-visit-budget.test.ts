import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { FIRST_VISIT_BUDGETS, type FirstVisitBudget } from "../../bench/budgets";
import {
  type BuildManifest,
  budgetTable,
  checkBudgets,
  type ManifestRoute,
  measureFirstVisits,
  routeChain,
} from "../../bench/first-visit-budget";

/**
 * The first-visit budget check (bench/first-visit-budget.ts,
 * docs/decisions/264-first-visit-budgets.md) on builds made here: a build's folder written by
 * hand (its manifest and assets, a heavy import planted in the root route or not), and one real
 * React Router build of a small app whose root imports a heavy module. Neither reads build/, which
 * `npm test` makes beside these tests. The budgets are bench/budgets.ts's own.
 */

const repository = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function temporaryFolder(prefix: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** `bytes` of random base64 in a module: what brotli cannot shrink below three quarters. */
function heavyModule(bytes: number) {
  return `export const heavy = ${JSON.stringify(randomBytes((bytes * 3) / 4).toString("base64"))};\n`;
}

/** The real budgets of the pages the hand-written build serves. */
const BUDGETS: Record<string, FirstVisitBudget> = {
  "/home": FIRST_VISIT_BUDGETS["/home"],
  "/es/home": FIRST_VISIT_BUDGETS["/es/home"],
  "/admin/documents": FIRST_VISIT_BUDGETS["/admin/documents"],
};
const HOME = FIRST_VISIT_BUDGETS["/home"];
const HOME_BYTES = HOME.bytes.toLocaleString("en-US");
/** What the check says of /home past its bytes budget. */
const HOME_PAST_BYTES = new RegExp(
  `^/home: [\\d,]+ bytes of JavaScript, past its budget of ${HOME_BYTES}$`,
);

/**
 * A build as `react-router build` lays it out, with the site's route tree in small: in `client`,
 * `window.__reactRouterManifest` in assets/manifest-*.js and each asset a little module; in
 * `server`, the route discovery React Router writes into its server build. `plant` adds modules to
 * the root route's imports; `precompress` writes brotli twins as scripts/precompress.ts does.
 */
function writeBuild({
  plant = {},
  precompress = true,
  routeDiscovery = "initial",
}: {
  plant?: Record<string, string>;
  precompress?: boolean;
  routeDiscovery?: "initial" | "lazy";
} = {}) {
  const buildDir = temporaryFolder("first-visit-budget-");
  const clientDir = path.join(buildDir, "client");
  const assets = path.join(clientDir, "assets");
  mkdirSync(assets, { recursive: true });
  mkdirSync(path.join(buildDir, "server"));
  writeFileSync(
    path.join(buildDir, "server/index.js"),
    `const isSpaMode = false;\nconst routeDiscovery = ${JSON.stringify({ mode: routeDiscovery })};\n`,
  );
  const route = (
    id: string,
    parentId: string | undefined,
    placement: { path?: string; index?: boolean },
    imports: string[] = [],
  ): ManifestRoute => ({
    id,
    parentId,
    ...placement,
    module: `/assets/${id.replaceAll("/", "-")}-h4sh.js`,
    imports,
  });
  const manifest: BuildManifest = {
    url: "/assets/manifest-0a1b2c3d.js",
    entry: { module: "/assets/entry.client-h4sh.js", imports: ["/assets/react-dom-h4sh.js"] },
    routes: Object.fromEntries(
      [
        route("root", undefined, { path: "" }, [
          "/assets/react-dom-h4sh.js",
          "/assets/translator-h4sh.js",
          ...Object.keys(plant),
        ]),
        route("site/routes/launch", "root", { path: "launch" }),
        route("site/routes/layout", "root", {}, ["/assets/navigation-h4sh.js"]),
        route("site/routes/home", "site/routes/layout", { path: "home" }, [
          "/assets/donation-panel-h4sh.js",
        ]),
        route("es/site/routes/home", "site/routes/layout", { path: "es/home" }, [
          "/assets/donation-panel-h4sh.js",
        ]),
        route("site/routes/not-found", "site/routes/layout", { path: "*" }),
        route("dashboard/routes/layout", "root", { path: "admin" }, ["/assets/tabs-h4sh.js"]),
        route("dashboard/routes/index", "dashboard/routes/layout", { index: true }),
        route("features/library/admin/documents-tab", "dashboard/routes/layout", {
          path: "documents",
        }),
      ].map((entry) => [entry.id, entry]),
    ),
  };
  const files: Record<string, string> = {
    [manifest.url]: `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
    [manifest.entry.module]: 'import "./react-dom-h4sh.js";\nexport const start = () => 1;\n',
    ...plant,
  };
  for (const entry of Object.values(manifest.routes)) {
    for (const href of [entry.module, ...(entry.imports ?? [])]) {
      files[href] ??=
        `export default function ${entry.id.replace(/\W/g, "_")}() { return null; }\n`;
    }
  }
  for (const [href, source] of Object.entries(files)) {
    const file = path.join(clientDir, href);
    writeFileSync(file, source);
    const twin = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    if (precompress && twin.length < source.length) writeFileSync(`${file}.br`, twin);
  }
  return { buildDir, manifest };
}

describe("the scripts of a first visit", () => {
  it("are the manifest, the entry and its imports, and each matched route's module and imports, once each", () => {
    const { buildDir, manifest } = writeBuild();
    const [home, documents] = measureFirstVisits(buildDir, ["/home", "/admin/documents"]);
    expect(home.chain).toEqual(["root", "site/routes/layout", "site/routes/home"]);
    expect(home.scripts.map((script) => script.href)).toEqual([
      manifest.url,
      "/assets/entry.client-h4sh.js",
      "/assets/react-dom-h4sh.js",
      "/assets/root-h4sh.js",
      "/assets/translator-h4sh.js",
      "/assets/site-routes-layout-h4sh.js",
      "/assets/navigation-h4sh.js",
      "/assets/site-routes-home-h4sh.js",
      "/assets/donation-panel-h4sh.js",
    ]);
    expect(home.modules).toBe(9);
    expect(documents.chain).toEqual([
      "root",
      "dashboard/routes/layout",
      "features/library/admin/documents-tab",
    ]);
  });

  it("leave out the manifest file when the build discovers routes lazily: the HTML holds the page's part", () => {
    const { buildDir, manifest } = writeBuild({ routeDiscovery: "lazy" });
    const [home] = measureFirstVisits(buildDir, ["/home"]);
    expect(home.scripts.map((script) => script.href)).not.toContain(manifest.url);
    expect(home.modules).toBe(8);
  });

  it("weigh each file as the server sends it: its brotli twin, or the file when the build wrote none", () => {
    const source = heavyModule(3_000);
    const plant = {
      "/assets/small-h4sh.js": "export const x = 1;\n",
      "/assets/big-h4sh.js": source,
    };
    const twin = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    const bytesOf = (buildDir: string, href: string) =>
      measureFirstVisits(buildDir, ["/home"])[0].scripts.find((script) => script.href === href)
        ?.bytes;
    const precompressed = writeBuild({ plant });
    // Too small for brotli to gain: no twin, sent as it is.
    expect(bytesOf(precompressed.buildDir, "/assets/small-h4sh.js")).toBe(20);
    expect(bytesOf(precompressed.buildDir, "/assets/big-h4sh.js")).toBe(twin.length);
    // `react-router build` alone: what scripts/precompress.ts would write.
    const plain = writeBuild({ plant, precompress: false });
    expect(bytesOf(plain.buildDir, "/assets/small-h4sh.js")).toBe(20);
    expect(bytesOf(plain.buildDir, "/assets/big-h4sh.js")).toBe(twin.length);
  });
});

describe("the budget check", () => {
  it("passes pages under their budgets in bench/budgets.ts", () => {
    const results = checkBudgets(writeBuild().buildDir, BUDGETS);
    expect(results.flatMap((result) => result.failures)).toEqual([]);
    expect(budgetTable(results)).toMatch(
      new RegExp(`^/home +[\\d,]+ +${HOME_BYTES} +9 +${HOME.modules} +pass$`, "m"),
    );
  });

  it("fails every page on a heavy import planted in the root route, naming the page and its budget", () => {
    const plant = { "/assets/heavy-h4sh.js": heavyModule(200_000) };
    const results = checkBudgets(writeBuild({ plant }).buildDir, BUDGETS);
    const home = results.find((result) => result.page === "/home")!;
    expect(home.bytes).toBeGreaterThan(HOME.bytes);
    expect(home.failures).toEqual([expect.stringMatching(HOME_PAST_BYTES)]);
    expect(results.every((result) => result.failures.length === 1)).toBe(true);
    expect(budgetTable(results)).toMatch(
      new RegExp(`^/home +[\\d,]+ +${HOME_BYTES} +10 +${HOME.modules} +FAIL$`, "m"),
    );
  });

  it("fails past the modules budget, however small the modules", () => {
    // The hand-written /home fetches 9 files: one more than the budget allows.
    const plant = Object.fromEntries(
      Array.from({ length: HOME.modules - 8 }, (_, n) => [
        `/assets/tiny-${n}-h4sh.js`,
        `export const n = ${n};`,
      ]),
    );
    const home = checkBudgets(writeBuild({ plant }).buildDir, BUDGETS)[0];
    expect(home.bytes).toBeLessThan(HOME.bytes);
    expect(home.failures).toEqual([
      `/home: ${HOME.modules + 1} modules, past its budget of ${HOME.modules}`,
    ]);
  });

  it("fails a page whose URL only the unknown path's route matches", () => {
    const [page] = checkBudgets(writeBuild().buildDir, {
      "/homes": { bytes: 1e6, modules: 100 },
    });
    expect(page.failures).toEqual([
      "/homes matches no page of the build (only site/routes/not-found)",
    ]);
  });
});

/** app/routes.ts as the build's manifest names its routes: ids, parents, paths. */
function manifestRoutesOf(entries: RouteConfigEntry[]) {
  const manifest: Record<string, ManifestRoute> = {
    root: { id: "root", path: "", module: "/assets/root.js" },
  };
  const add = (children: RouteConfigEntry[], parentId: string) => {
    for (const entry of children) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module: `/${id}.js` };
      add(entry.children ?? [], id);
    }
  };
  add(entries, "root");
  return manifest;
}

describe("the routes a page's URL matches, in the site's route tree (app/routes.ts)", () => {
  const site = manifestRoutesOf(routes);

  it("gives /home and /es/home the root and the site's layout, each its own page", () => {
    expect(routeChain(site, "/home")).toEqual(["root", "site/routes/layout", "site/routes/home"]);
    expect(routeChain(site, "/es/home")).toEqual([
      "root",
      "site/routes/layout",
      "es/site/routes/home",
    ]);
  });

  it("gives a dashboard page the dashboard's layout, and /launch no layout", () => {
    expect(routeChain(site, "/admin/documents")).toEqual([
      "root",
      "dashboard/routes/layout",
      "features/library/admin/documents-tab",
    ]);
    expect(routeChain(site, "/admin/donations/5")).toEqual([
      "root",
      "dashboard/routes/layout",
      "features/donations/admin/donation-detail",
    ]);
    expect(routeChain(site, "/admin")).toEqual([
      "root",
      "dashboard/routes/layout",
      "dashboard/routes/index",
    ]);
    expect(routeChain(site, "/launch")).toEqual(["root", "site/routes/launch"]);
  });

  it("prefers a named path to a parameter: /fundraise/manage is not a fundraiser's page", () => {
    expect(routeChain(site, "/fundraise/manage").at(-1)).toBe("features/fundraisers/routes/manage");
    expect(routeChain(site, "/fundraise/example").at(-1)).toBe(
      "features/fundraisers/routes/fundraiser",
    );
  });

  it("matches every page of bench/budgets.ts to a page, not to the unknown path's route", () => {
    for (const page of Object.keys(FIRST_VISIT_BUDGETS)) {
      const leaf = site[routeChain(site, page).at(-1) ?? ""];
      expect(leaf?.path ?? "", page).not.toMatch(/\*$/);
      expect(leaf, page).toBeDefined();
    }
  });
});

describe("a real React Router build", () => {
  it("fails /home's budget when the root layout imports a heavy module", {
    timeout: 120_000,
  }, () => {
    const root = temporaryFolder("first-visit-budget-app-");
    symlinkSync(path.join(repository, "node_modules"), path.join(root, "node_modules"), "dir");
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ type: "module" }),
      "react-router.config.ts":
        'export default { ssr: true, routeDiscovery: { mode: "initial" } };\n',
      "vite.config.ts": [
        'import { reactRouter } from "@react-router/dev/vite";',
        'export default { cacheDir: ".vite", logLevel: "error", plugins: [reactRouter()] };',
      ].join("\n"),
      "app/routes.ts": [
        'import { layout, route } from "@react-router/dev/routes";',
        'export default [layout("layout.tsx", [route("home", "home.tsx")])];',
      ].join("\n"),
      "app/root.tsx": [
        'import { Links, Meta, Outlet, Scripts } from "react-router";',
        'import { heavy } from "./heavy";',
        "export function Layout({ children }: { children: React.ReactNode }) {",
        '  return <html lang="en"><head><Meta /><Links /></head><body>{children}<Scripts /></body></html>;',
        "}",
        "export default function App() {",
        "  return <><p hidden>{heavy.length}</p><Outlet /></>;",
        "}",
      ].join("\n"),
      // An entry of its own: without one, React Router looks for its server runtime among the
      // package's dependencies, and runs `npm install` when isbot is not one of them.
      "app/entry.server.tsx": [
        'import { renderToString } from "react-dom/server";',
        'import { type EntryContext, ServerRouter } from "react-router";',
        "export default function handleRequest(",
        "  request: Request, status: number, headers: Headers, context: EntryContext,",
        ") {",
        "  const html = renderToString(<ServerRouter context={context} url={request.url} />);",
        '  return new Response("<!DOCTYPE html>" + html, { status, headers });',
        "}",
      ].join("\n"),
      "app/heavy.ts": heavyModule(200_000),
      "app/layout.tsx": [
        'import { Outlet } from "react-router";',
        "export default function Layout() { return <main><Outlet /></main>; }",
      ].join("\n"),
      "app/home.tsx": "export default function Home() { return <h1>Home</h1>; }\n",
    };
    for (const [name, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), source);
    }
    const build = spawnSync(
      process.execPath,
      [path.join(repository, "node_modules/@react-router/dev/bin.js"), "build"],
      { cwd: root, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" },
    );
    expect(build.status, build.stderr).toBe(0);

    const [home] = checkBudgets(path.join(root, "build"), {
      "/home": FIRST_VISIT_BUDGETS["/home"],
    });
    expect(home.chain).toEqual(["root", "layout", "home"]);
    expect(home.failures).toEqual([expect.stringMatching(HOME_PAST_BYTES)]);
    // The planted module, bundled into the root route's chunk, is what goes over.
    const heaviest = [...home.scripts].sort((a, b) => b.bytes - a.bytes)[0];
    expect(heaviest.href).toMatch(/^\/assets\/root-[\w-]+\.js$/);
    expect(home.bytes - heaviest.bytes).toBeLessThan(HOME.bytes);
  });
});
