/**
 * Draws the link preview cards (Open Graph / Twitter, 1200x630 PNG) of the main pages in every
 * locale into public/og/<locale>/<page>.png: the organisation's name, the page's title and its
 * description on the brand colours. The PNGs are committed; run `npm run og:images` after changing
 * a page's title or description in the catalogs
 * (docs/decisions/140-link-previews-and-canonical-links.md).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { catalogs } from "#app/i18n/catalogs.server";
import { locales } from "#app/i18n/locales";
import { translatorFor } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import { renderCard } from "#app/lib/preview-card.server";
import { mainPages, previewImagePath, previewImages } from "#app/lib/seo";

const org = env().ORG_NAME;
for (const locale of locales) {
  const t = translatorFor(locale, catalogs[locale]);
  for (const image of previewImages) {
    const page: { title: string; heading?: string; description: string } = mainPages[image](t);
    const png = renderCard({ org, heading: page.heading ?? page.title, text: page.description });
    const file = path.join("public", previewImagePath(locale, image));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, png);
    console.log(`${file} (${Math.round(png.byteLength / 1024)} KB)`);
  }
}
