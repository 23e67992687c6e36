import { locales, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { absoluteUrl } from "#app/lib/seo";
import { publicPages } from "#app/site/public-pages";

/**
 * Staff pages, sign-in and the APIs; published files stay crawlable
 * (docs/decisions/141-robots-and-sitemap.md).
 */
const staffPaths = ["/admin", "/login", "/logout", "/forgot-password", "/reset-password", "/api/"];

/** What search engines must not crawl: staff pages and every unlisted (personal) public page. */
function disallowedPaths(): string[] {
  const personal = publicPages
    .filter((page) => !page.listed)
    // "donate/pay/:id" -> "/donate/pay/": a prefix covering every id.
    .map((page) => `/${page.path.split(":")[0]}`);
  return [
    ...staffPaths,
    ...locales.flatMap((locale) => personal.map((path) => localizePath(path, locale))),
  ];
}

/** GET /robots.txt */
export function loader() {
  const body = [
    "User-agent: *",
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(env().PUBLIC_URL, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
