import { approvedFundraiserSlugs } from "#app/features/fundraisers/index.server";
import { NEW_PAGE_PREFIX } from "#app/features/pages/index";
import { publishedAddresses } from "#app/features/pages/index.server";
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
 * fundraiser page (docs/decisions/221-fundraisers.md). A page staff wrote is listed in the
 * languages it is published in, with alternates only between those
 * (docs/decisions/281-pages-drafts-and-publishing.md).
 */
function sitemapXml(
  publicUrl: string,
  fundraiserSlugs: string[],
  written: { path: string; languages: Locale[] }[],
): string {
  const languagesOf = new Map(written.map((page) => [page.path, page.languages]));
  const paths = [
    ...publicPages
      .filter((page) => page.listed && !page.path.includes(":"))
      .map((page) => `/${page.path}`),
    ...fundraiserSlugs.map((slug) => `/fundraise/${slug}`),
    ...written.map((page) => page.path).filter((path) => path.startsWith(NEW_PAGE_PREFIX)),
  ];
  const entries = paths.flatMap((path) => {
    const urlIn = (locale: Locale) => absoluteUrl(publicUrl, localizePath(path, locale));
    const languages = languagesOf.get(path) ?? locales;
    // One language alone has no alternate.
    const alternates = (languages.length > 1 ? alternateLinks(urlIn) : []).map(
      ({ hreflang, href }) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
    );
    return languages.map((locale) =>
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
  const [slugs, written] = await Promise.all([approvedFundraiserSlugs(), publishedAddresses()]);
  return new Response(sitemapXml(env().PUBLIC_URL, slugs, written), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
