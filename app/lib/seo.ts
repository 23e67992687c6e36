import type { TFunction } from "i18next";
import type { MetaDescriptor } from "react-router";
import type { RootData } from "#app/root";
import { translatorFor } from "./i18n";
import {
  defaultLocale,
  type Locale,
  locales,
  localeTags,
  localizePath,
  unlocalizedPath,
} from "./locales";

/** Preview cards (1200x630 PNG, one per main page and locale) under public/og/<locale>/. */
export const previewImages = [
  "home",
  "about",
  "resources",
  "donate",
  "volunteer",
  "contact",
  "partnerships",
] as const;
export type PreviewImage = (typeof previewImages)[number];
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

export interface PageMetaContent {
  /** The page's own name; " - <organisation>" is added unless `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description?: string;
  image?: PreviewImage;
  /** Personal pages (e-mail links) stay out of search engines and carry no alternates. */
  noindex?: boolean;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/** An absolute URL on the public site. */
export function absoluteUrl(publicUrl: string, path: string) {
  return new URL(path, `${publicUrl.replace(/\/$/, "")}/`).href;
}

/**
 * Title, description, canonical link, hreflang alternates and Open Graph / Twitter card tags of a
 * public page, in the page's locale (docs/decisions/113).
 */
export function pageMeta(
  { matches, location }: MetaArgsLike,
  build: (t: TFunction) => PageMetaContent,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!root) return [];
  const { locale, publicUrl } = root;
  const t = translatorFor(locale, root.messages);
  const content = build(t);
  const title = content.fullTitle ? content.title : t("site.titleSuffix", { title: content.title });
  const description = content.description ?? t("site.description");
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (content.noindex) return [...tags, { name: "robots", content: "noindex" }];

  const path = unlocalizedPath(location.pathname);
  const urlIn = (other: Locale) => absoluteUrl(publicUrl, localizePath(path, other));
  const image = absoluteUrl(publicUrl, `/og/${locale}/${content.image ?? "home"}.png`);
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: urlIn(locale) },
    ...locales.map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: other,
      href: urlIn(other),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlIn(defaultLocale) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: root.org.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: urlIn(locale) },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(PREVIEW_SIZE.width) },
    { property: "og:image:height", content: String(PREVIEW_SIZE.height) },
    { property: "og:image:alt", content: title },
    { property: "og:locale", content: ogLocale(locale) },
    ...locales
      .filter((other) => other !== locale)
      .map((other) => ({ property: "og:locale:alternate", content: ogLocale(other) })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** "en-US" -> "en_US", the form Open Graph uses. */
function ogLocale(locale: Locale) {
  return localeTags[locale].replace("-", "_");
}
