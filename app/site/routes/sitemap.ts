import { approvedFundraiserSlugs } from "#app/features/fundraisers/index.server";
import { type Locale, locales, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { absoluteUrl, alternateLinks } from "#app/lib/seo";
import { publicPages } from "#app/site/public-pages";

const xmlEntities: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (character) => xmlEntities[character]);
}

/**
 * Every listed public page in every locale, each with its hreflang alternates, then each approved
 * fundraiser page (docs/decisions/221-fundraisers.md).
 */
function sitemapXml(publicUrl: string, fundraiserSlugs: string[]): string {
  const paths = [
    ...publicPages
      .filter((page) => page.listed && !page.path.includes(":"))
      .map((page) => `/${page.path}`),
    ...fundraiserSlugs.map((slug) => `/fundraise/${slug}`),
  ];
  const entries = paths.flatMap((path) => {
    const urlIn = (locale: Locale) => absoluteUrl(publicUrl, localizePath(path, locale));
    const alternates = alternateLinks(urlIn).map(
      ({ hreflang, href }) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
    );
    return locales.map((locale) =>
      ["  <url>", `    <loc>${escapeXml(urlIn(locale))}</loc>`, ...alternates, "  </url>"].join(
        "\n",
      ),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** GET /sitemap.xml */
export async function loader() {
  return new Response(sitemapXml(env().PUBLIC_URL, await approvedFundraiserSlugs()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
