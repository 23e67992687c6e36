/**
 * `npm run budget` (part of `npm test`, after the build): the JavaScript a first visit to each page
 * fetches, weighed against its budget in bench/budgets.ts, from the build alone: no server, no
 * browser, so the figures are the same on a busy host as on a quiet one
 * (docs/decisions/264-first-visit-budgets.md).
 *
 * Which files: the ones React Router's `<Scripts>` names in the page's HTML, as module preloads
 * the page starts after its first paint (app/document/scripts-after-paint.ts): the build's
 * manifest file when the routes are discovered up front (`routeDiscovery: "initial"`; a build
 * with "lazy" discovery inlines the page's part of it in the HTML instead), the client entry and
 * its imports, and for each route the URL matches, root to leaf, the route's module and its
 * imports. Bytes: each file as the server sends it to a browser (server/compression.ts): its
 * brotli twin from scripts/precompress.ts. Modules: how many of those files, each one a module the
 * visit fetches and evaluates.
 *
 * BUILD_DIR (default `build`) names the build; `--files` lists each page's files, largest first
 * (a failing page's ten largest are listed without it).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import { type Encoding, preferredEncoding } from "../app/lib/content-encoding.server";
import { PRECOMPRESSED_SUFFIX } from "../server/compression";
import { FIRST_VISIT_BUDGETS, FIRST_VISIT_GOAL_BYTES, type FirstVisitBudget } from "./budgets";

/** What Chromium sends over HTTPS, where it offers brotli. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** A route of the build's manifest, as far as a first visit's scripts go. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
}

/** `window.__reactRouterManifest`, as `build/client/assets/manifest-*.js` holds it. */
export interface BuildManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The manifest of the client build in `clientDir` (`<BUILD_DIR>/client`). */
export function readManifest(clientDir: string): BuildManifest {
  const assets = path.join(clientDir, "assets");
  if (!existsSync(assets)) throw new Error(`no client build in ${clientDir}: npm run build`);
  const names = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (names.length !== 1) {
    throw new Error(`${names.length} manifests in ${assets} (${names.join(", ")}): build again`);
  }
  const source = readFileSync(path.join(assets, names[0]), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as BuildManifest;
}

/** Every JavaScript file under `folder`, where React Router's server build is likely first. */
function* scriptsUnder(folder: string): Generator<string> {
  const rank = (name: string) =>
    name === "index.js" ? 0 : name.startsWith("server-build") ? 1 : 2;
  const entries = readdirSync(folder, { withFileTypes: true });
  entries.sort((a, b) => rank(a.name) - rank(b.name));
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* scriptsUnder(full);
    else if (entry.name.endsWith(".js")) yield full;
  }
}

/**
 * How the build's pages learn the routes: "initial" names the manifest file in every page, "lazy"
 * inlines the page's part of it. Read from the server build (`<BUILD_DIR>/server`), where React
 * Router writes its configuration as `routeDiscovery = {...}`: react-router.config.ts may choose
 * it by the environment the build ran in.
 */
export function readRouteDiscovery(serverDir: string): "initial" | "lazy" {
  if (!existsSync(serverDir)) throw new Error(`no server build in ${serverDir}: npm run build`);
  for (const file of scriptsUnder(serverDir)) {
    const found = /\brouteDiscovery(?:\$\d+)? = (\{[^{}]*\})/.exec(readFileSync(file, "utf8"));
    if (found) return (JSON.parse(found[1]) as { mode: "initial" | "lazy" }).mode;
  }
  throw new Error(`React Router's routeDiscovery not found in ${serverDir}`);
}

/** The manifest's routes as the tree React Router matches URLs against. */
export function routeTree(routes: Record<string, ManifestRoute>): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject => {
        const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
        return route.index
          ? { ...common, index: true }
          : { ...common, children: children(route.id) };
      });
  return children(undefined);
}

/** The ids of the routes a URL's path renders, root to leaf; empty when none matches. */
export function routeChain(routes: Record<string, ManifestRoute>, pathname: string): string[] {
  return (matchRoutes(routeTree(routes), pathname) ?? []).map((match) => match.route.id as string);
}

/**
 * The scripts a first visit to the routes of `chain` fetches, in the order `<Scripts>` names them:
 * the manifest file (with "initial" route discovery), the entry, the entry's imports, then each
 * matched route's modules and imports.
 */
export function firstVisitScripts(
  manifest: BuildManifest,
  chain: string[],
  routeDiscovery: "initial" | "lazy",
): string[] {
  const scripts = [
    ...(routeDiscovery === "initial" ? [manifest.url] : []),
    manifest.entry.module,
    ...manifest.entry.imports,
  ];
  for (const id of chain) {
    const route = manifest.routes[id];
    scripts.push(
      route.module,
      ...[route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule].filter(
        (module): module is string => module !== undefined,
      ),
      ...(route.imports ?? []),
    );
  }
  return [...new Set(scripts)];
}

/**
 * What compressing would give, with scripts/precompress.ts's settings, for a build that was not
 * precompressed (`react-router build` alone).
 */
function compressed(file: string, encoding: Encoding): number {
  const original = readFileSync(file);
  const bytes =
    encoding === "br"
      ? brotliCompressSync(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        })
      : gzipSync(original, { level: constants.Z_BEST_COMPRESSION });
  // The build writes no twin that is not smaller, and the server then sends the file as it is.
  return Math.min(bytes.length, original.length);
}

/** Whether scripts/precompress.ts wrote its twins beside the build's assets. */
export function isPrecompressed(clientDir: string): boolean {
  const suffixes = Object.values(PRECOMPRESSED_SUFFIX);
  return readdirSync(path.join(clientDir, "assets")).some((name) =>
    suffixes.some((suffix) => name.endsWith(suffix)),
  );
}

/**
 * The bytes the server sends for `href` to a browser (server/compression.ts): the build's twin in
 * the encoding the browser is given, or the file as it is when the build wrote none (the twin was
 * not smaller). For a build not precompressed, what the twin would be.
 */
export function servedBytes(clientDir: string, href: string, precompressed: boolean): number {
  const file = path.join(clientDir, href);
  if (!existsSync(file))
    throw new Error(`${href} is named by the manifest but not in ${clientDir}`);
  const encoding = preferredEncoding(BROWSER_ACCEPT_ENCODING);
  if (!encoding) return statSync(file).size;
  const twin = file + PRECOMPRESSED_SUFFIX[encoding];
  if (existsSync(twin)) return statSync(twin).size;
  return precompressed ? statSync(file).size : compressed(file, encoding);
}

/** One page's first visit. */
export interface FirstVisit {
  page: string;
  /** The matched routes' ids, root to leaf. */
  chain: string[];
  scripts: { href: string; bytes: number }[];
  bytes: number;
  modules: number;
}

/** The first visit to each page, from the build in `buildDir` (`client` and `server`). */
export function measureFirstVisits(
  buildDir: string,
  pages: string[],
  manifest = readManifest(path.join(buildDir, "client")),
): FirstVisit[] {
  const clientDir = path.join(buildDir, "client");
  const routeDiscovery = readRouteDiscovery(path.join(buildDir, "server"));
  const precompressed = isPrecompressed(clientDir);
  const sizes = new Map<string, number>();
  return pages.map((page) => {
    const chain = routeChain(manifest.routes, new URL(page, "http://localhost").pathname);
    const scripts = firstVisitScripts(manifest, chain, routeDiscovery).map((href) => {
      if (!sizes.has(href)) sizes.set(href, servedBytes(clientDir, href, precompressed));
      return { href, bytes: sizes.get(href)! };
    });
    return {
      page,
      chain,
      scripts,
      bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      modules: scripts.length,
    };
  });
}

/** A page's figures beside its budget. */
export interface BudgetResult extends FirstVisit {
  budget: FirstVisitBudget;
  /** Why the page fails; empty when it passes. */
  failures: string[];
}

/**
 * Each page's first visit weighed against its budget. A page fails past either budget, and when
 * its URL matches no page route (only the unknown path's catch-all, or nothing).
 */
export function checkBudgets(
  buildDir: string,
  budgets: Record<string, FirstVisitBudget>,
): BudgetResult[] {
  const manifest = readManifest(path.join(buildDir, "client"));
  return measureFirstVisits(buildDir, Object.keys(budgets), manifest).map((visit) => {
    const budget = budgets[visit.page];
    const failures: string[] = [];
    const leaf = manifest.routes[visit.chain.at(-1) ?? ""];
    if (!leaf || leaf.path?.endsWith("*")) {
      failures.push(`${visit.page} matches no page of the build (only ${leaf?.id ?? "nothing"})`);
    }
    if (visit.bytes > budget.bytes) {
      failures.push(
        `${visit.page}: ${visit.bytes.toLocaleString("en-US")} bytes of JavaScript, past its budget of ${budget.bytes.toLocaleString("en-US")}`,
      );
    }
    if (visit.modules > budget.modules) {
      failures.push(
        `${visit.page}: ${visit.modules} modules, past its budget of ${budget.modules}`,
      );
    }
    return { ...visit, budget, failures };
  });
}

/** The table `npm run budget` prints. */
export function budgetTable(results: BudgetResult[]): string {
  const header = ["page", "bytes", "budget", "modules", "budget", "pass"];
  const lines = results.map((result) => [
    result.page,
    result.bytes.toLocaleString("en-US"),
    result.budget.bytes.toLocaleString("en-US"),
    String(result.modules),
    String(result.budget.modules),
    result.failures.length === 0 ? "pass" : "FAIL",
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]),
        )
        .join("  "),
    )
    .join("\n");
}

function main() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const results = checkBudgets(buildDir, FIRST_VISIT_BUDGETS);
  console.log(`JavaScript of a first visit, bytes as served (brotli), ${buildDir}:`);
  console.log(budgetTable(results));
  const home = results.find((result) => result.page === "/home");
  if (home) {
    const room = FIRST_VISIT_GOAL_BYTES - home.bytes;
    const goal = `the goal of ${FIRST_VISIT_GOAL_BYTES.toLocaleString("en-US")} bytes (120 KB)`;
    console.log(
      `/home: ${Math.abs(room).toLocaleString("en-US")} bytes ${room >= 0 ? "under" : "over"} ${goal}`,
    );
  }
  // Every file with --files; a failing page's ten largest otherwise.
  const allFiles = process.argv.includes("--files");
  for (const result of results) {
    if (!allFiles && result.failures.length === 0) continue;
    console.log(`\n${result.page} (${result.chain.join(" > ")}):`);
    const largest = [...result.scripts].sort((a, b) => b.bytes - a.bytes);
    for (const script of allFiles ? largest : largest.slice(0, 10)) {
      console.log(`  ${script.bytes.toLocaleString("en-US").padStart(8)}  ${script.href}`);
    }
  }
  const failures = results.flatMap((result) => result.failures);
  if (failures.length > 0) {
    console.error(`\nFirst-visit budgets (bench/budgets.ts) exceeded:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
}

if (path.resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) main();
