import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import en from "#app/i18n/catalogs/en.json";
import {
  mergeMessages,
  type PageMessagesHandle,
  type PageMessagesText,
  parsePageMessages,
} from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import routes from "#app/routes";

/**
 * Each page receives only the catalog groups it names (docs/decisions/153-messages-per-page.md):
 * these tests hold every route's list to the keys its modules use, so no page shows a bare key
 * and none receives a group it never draws.
 */

const appDir = path.resolve(import.meta.dirname, "../../app");
const groups = Object.keys(en);
/** A key or the start of one built at run time ("resources.kinds.${kind}"), by its group. */
const keyPattern = new RegExp(`["'\`](${groups.join("|")})\\.[A-Za-z$]`, "g");
const importPattern =
  /(?:import|export)\s(?!type\s)([^;]*?)from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The names an import or export clause takes ("{ a, b as c }"); null for a namespace or default. */
function namesIn(clause: string): string[] | null {
  const braces = /^\s*\{([^}]*)\}\s*$/.exec(clause);
  if (!braces) return null;
  return braces[1]
    .split(",")
    .map((name) =>
      name
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)[0]
        .trim(),
    )
    .filter(Boolean);
}

/**
 * A feature's front door (app/features/<name>/index.ts) re-exports much; the browser gets only
 * what is taken from it, so only the modules re-exporting the names taken are followed
 * (docs/decisions/265-features-through-front-doors.md).
 */
function throughFrontDoor(door: string, names: string[] | null): string[] {
  const source = readFileSync(door, "utf8");
  const followed: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const target = resolveImport(door, match[2] ?? match[3]);
    if (!target) continue;
    const exported = namesIn(match[1] ?? "");
    if (!names || !exported || exported.some((name) => names.includes(name))) followed.push(target);
  }
  return followed;
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join(appDir, specifier.slice(5));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The groups drawn by a module and everything it imports for the browser. Server modules are left
 * out: they translate with the whole catalog (serverT), and their text reaches the page as data.
 */
function groupsDrawnBy(file: string, seen = new Set<string>(), drawn = new Set<string>()) {
  if (seen.has(file)) return drawn;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(keyPattern)) drawn.add(match[1]);
  for (const match of source.matchAll(importPattern)) {
    const target = resolveImport(file, match[2] ?? match[3]);
    if (!target || target.includes(".server.") || target.endsWith(".json")) continue;
    const door = /\/features\/[^/]+\/index\.ts$/.test(target) && match[1] !== undefined;
    for (const next of door ? throughFrontDoor(target, namesIn(match[1])) : [target]) {
      if (!next.includes(".server.")) groupsDrawnBy(next, seen, drawn);
    }
  }
  return drawn;
}

async function declared(file: string): Promise<readonly string[]> {
  const module = (await import(path.join(appDir, file))) as { handle?: PageMessagesHandle };
  return module.handle?.messages ?? [];
}

interface PageRoute {
  file: string;
  /** The groups sent by the routes above it, root included. */
  above: readonly string[];
}

async function pageRoutes(entries: RouteConfigEntry[], above: readonly string[]) {
  const found: PageRoute[] = [];
  for (const entry of entries) {
    found.push({ file: entry.file, above });
    const own = await declared(entry.file);
    found.push(...(await pageRoutes(entry.children ?? [], [...above, ...own])));
  }
  return found;
}

const rootGroups = await declared("root.tsx");
const all = await pageRoutes(routes, rootGroups);
const components = all.filter(({ file }) => file.endsWith(".tsx"));

describe("messages per page", () => {
  it("the root sends what its shell draws", () => {
    const drawn = groupsDrawnBy(path.join(appDir, "root.tsx"));
    expect([...drawn].sort()).toEqual([...rootGroups].sort());
  });

  it.each(components)("$file names every group its page draws, and no other", async (route) => {
    const own = await declared(route.file);
    const drawn = [...groupsDrawnBy(path.join(appDir, route.file))].filter(
      (group) => !route.above.includes(group),
    );
    expect([...own].sort()).toEqual(drawn.sort());
  });

  it("a loader sends the named groups in the request's language, and nothing else", () => {
    const sent = parsePageMessages(
      pageMessages(new Request("http://localhost/es/about"), { messages: ["about", "meta"] }),
    );
    expect(Object.keys(sent).sort()).toEqual(["about", "meta"]);
    expect(sent.about?.title).not.toBe(en.about.title);
    expect(sent.about?.title).toBeTruthy();
  });

  it("a page's messages are one text, made once and parsed once", () => {
    const request = new Request("http://localhost/about");
    const text = pageMessages(request, { messages: ["about"] });
    expect(typeof text).toBe("string");
    expect(pageMessages(request, { messages: ["about"] })).toBe(text);
    // A copy of the text, as the browser decodes it from each page, gives the same object.
    const copy = `${text} `.trimEnd() as PageMessagesText;
    expect(parsePageMessages(copy)).toBe(parsePageMessages(text));
    expect(parsePageMessages(text)).toEqual({ about: en.about });
  });

  it("the matched routes' groups are merged; without any, there is nothing to merge", () => {
    const text = (groups: object) => JSON.stringify(groups) as PageMessagesText;
    const merged = mergeMessages([
      { messages: text({ nav: en.nav }) },
      null,
      { messages: text({ about: en.about }) },
    ]);
    expect(merged?.nav).toEqual(en.nav);
    expect(merged?.about).toEqual(en.about);
    expect(mergeMessages([null, { other: 1 }])).toBeNull();
  });
});
