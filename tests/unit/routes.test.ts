import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { locales, localizePath } from "#app/i18n/locales";
import routes from "#app/routes";
import { publicPages } from "#app/site/public-pages";

function flatten(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

const appDir = path.resolve(import.meta.dirname, "../../app");
const allRoutes = flatten(routes);

describe("app/routes.ts", () => {
  it("names every route module as a literal string of its own source", () => {
    const source = readFileSync(path.join(appDir, "routes.ts"), "utf8");
    for (const { file } of allRoutes) {
      expect(source, file).toContain(`"${file}"`);
      expect(existsSync(path.join(appDir, file)), file).toBe(true);
    }
  });

  it("serves every public page of the sitemap's list in every locale, and no other page", () => {
    const served = new Set(
      allRoutes
        .filter((entry) => entry.index || entry.path !== undefined)
        .map((entry) => (entry.index ? "/" : `/${entry.path}`)),
    );
    for (const page of publicPages) {
      for (const locale of locales) {
        expect(served, `${page.path} in ${locale}`).toContain(
          localizePath(`/${page.path}`, locale),
        );
      }
    }
    const localized = [...served].filter((url) => url === "/es" || url.startsWith("/es/"));
    const listed = publicPages.map((page) => localizePath(`/${page.path}`, "es"));
    expect(localized.filter((url) => url !== "/es/*").sort()).toEqual(listed.sort());
  });
});
