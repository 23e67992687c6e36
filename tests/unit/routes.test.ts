import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { locales, localizePath } from "#app/i18n/locales";
import routes from "#app/routes";
import { placeholderPages } from "#app/site/placeholder-pages";
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
    // The placeholder pages share one route per locale, "/:page".
    const isPlaceholder = (page: { path: string }) =>
      Object.hasOwn(placeholderPages, `/${page.path}`);
    for (const page of publicPages) {
      for (const locale of locales) {
        expect(served, `${page.path} in ${locale}`).toContain(
          localizePath(isPlaceholder(page) ? "/:page" : `/${page.path}`, locale),
        );
      }
    }
    const localized = [...served].filter((url) => url === "/es" || url.startsWith("/es/"));
    const listed = publicPages
      .filter((page) => !isPlaceholder(page))
      .map((page) => localizePath(`/${page.path}`, "es"));
    const shared = ["/es/*", "/es/:page"];
    expect(localized.filter((url) => !shared.includes(url)).sort()).toEqual(listed.sort());
  });
});
