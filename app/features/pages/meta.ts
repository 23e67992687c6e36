import type { MetaDescriptor } from "react-router";
import {
  defaultLocale,
  type Locale,
  localeFromPath,
  localizePath,
  unlocalizedPath,
} from "#app/i18n/locales";
import { pageMeta } from "#app/lib/seo";

type MetaArgs = Parameters<typeof pageMeta>[0];

/**
 * The tags of a page staff wrote (docs/decisions/281-pages-drafts-and-publishing.md): the site's
 * usual tags, with `hreflang` alternates only between the languages published (none when only one
 * is), and the canonical address in a published language. Kept here, not in app/lib/seo.ts, so
 * the pages every visitor loads do not carry it.
 */
export function writtenPageMeta(
  args: MetaArgs,
  page: { title: string; summary: string },
  published: readonly Locale[],
): MetaDescriptor[] {
  const tags = pageMeta(args, () => ({
    title: page.title,
    description: page.summary || undefined,
  }));
  const path = unlocalizedPath(args.location.pathname);
  const requested = localeFromPath(args.location.pathname);
  const shown = published.includes(requested) ? requested : defaultLocale;
  const canonicalPath = localizePath(path, shown);
  return tags.flatMap((tag) => {
    const link = tag as { tagName?: string; rel?: string; hrefLang?: string; href?: string };
    if (link.tagName === "link" && link.rel === "alternate") {
      const language = link.hrefLang === "x-default" ? defaultLocale : (link.hrefLang as Locale);
      return published.length > 1 && published.includes(language) ? [tag] : [];
    }
    if (link.tagName === "link" && link.rel === "canonical" && link.href) {
      return [{ ...tag, href: new URL(canonicalPath, link.href).href }];
    }
    if ("property" in tag && tag.property === "og:url" && typeof tag.content === "string") {
      return [{ ...tag, content: new URL(canonicalPath, tag.content).href }];
    }
    return [tag];
  });
}
