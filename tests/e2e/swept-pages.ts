import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { placeholderPages } from "../../app/site/placeholder-pages";

/** The placeholder pages' one route per locale, `/:page`, stands for every placeholder page. */
const PLACEHOLDER_ROUTE = "site/routes/placeholder.tsx";

/**
 * Every page route in app/routes.ts, as a path to visit. Resource routes (.ts modules: API,
 * exports, logout) have no page; routes with parameters need data and are left out, but for the
 * placeholder pages' route, visited at each placeholder page.
 */
function pagePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const own =
      entry.file === PLACEHOLDER_ROUTE
        ? Object.keys(placeholderPages).map((page) => path.replace("/:page", page))
        : entry.file.endsWith(".tsx") && !path.includes(":") && !entry.path?.includes(":")
          ? [path.replace(/\/\*$/, "/this-page-does-not-exist") || "/"]
          : [];
    return [...own, ...pagePaths(entry.children ?? [], path)];
  });
}

/** The paths the accessibility sweep (axe.spec.ts) scans in each of its configurations. */
export const sweptPaths = [...new Set(pagePaths(routes))].filter((path) => !path.includes("*"));
