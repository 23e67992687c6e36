import type { MetaDescriptor } from "react-router";
import {
  defaultLocale,
  type Locale,
  locales,
  localeTags,
  localizePath,
  unlocalizedPath,
} from "#app/i18n/locales";
import { mergeMessages } from "#app/i18n/page-messages";
import { type Messages, type TFunction, translatorFor } from "#app/i18n/translator";
import type { RootData } from "#app/lib/root-data";

export interface PageMetaContent {
  /** The page's own name; " - <organisation>" is added unless `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description?: string;
  image?: PreviewImage;
  /** A card of the page's own at this path (a fundraiser page's), instead of a main page's. */
  imagePath?: string;
  /** Personal pages (e-mail links) stay out of search engines and carry no alternates. */
  noindex?: boolean;
  /** Query parameters that make a different page (the resources tab), kept in the canonical URL. */
  query?: Record<string, string>;
}

type PageContent = (t: TFunction) => PageMetaContent & {
  /** The preview card's big line, when it is not the title. */
  heading?: string;
};

/**
 * The main pages: what their tags say and what their preview card (1200x630 PNG per locale under
 * public/og/<locale>/, drawn by scripts/preview-images.ts) shows
 * (docs/decisions/140-link-previews-and-canonical-links.md).
 */
export const mainPages = {
  home: (t) => ({
    title: t("site.title"),
    fullTitle: true,
    heading: t("meta.home.headline"),
    description: t("meta.home.description"),
  }),
  launch: (t) => ({ title: t("meta.launch.title"), description: t("meta.launch.description") }),
  about: (t) => ({ title: t("meta.about.title"), description: t("meta.about.description") }),
  resources: (t) => ({
    title: t("meta.resources.title"),
    description: t("meta.resources.description"),
  }),
  donate: (t) => ({ title: t("meta.donate.title"), description: t("meta.donate.description") }),
  volunteer: (t) => ({
    title: t("meta.volunteer.title"),
    description: t("meta.volunteer.description"),
  }),
  contact: (t) => ({ title: t("meta.contact.title"), description: t("meta.contact.description") }),
  partnerships: (t) => ({
    title: t("meta.partnerships.title"),
    description: t("meta.partnerships.description"),
  }),
} satisfies Record<string, PageContent>;

export type PreviewImage = keyof typeof mainPages;
export const previewImages = Object.keys(mainPages) as PreviewImage[];
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** The preview card of a main page in a locale, as a public path. */
export function previewImagePath(locale: Locale, image: PreviewImage) {
  return `/og/${locale}/${image}.png`;
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
 * public page, in the page's locale. Route meta replaces the root's (React Router does not merge
 * them), so this returns every tag the page needs
 * (docs/decisions/140-link-previews-and-canonical-links.md).
 */
export function pageMeta(
  { matches, location }: MetaArgsLike,
  page: PreviewImage | PageContent,
  { query: pageQuery }: Pick<PageMetaContent, "query"> = {},
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!root) return [];
  const { locale, publicUrl } = root;
  const t = translatorFor(
    locale,
    mergeMessages(matches.map((match) => match?.loaderData)) as Messages,
  );
  const content: PageMetaContent =
    typeof page === "string" ? { ...mainPages[page](t), image: page, query: pageQuery } : page(t);
  const title = content.fullTitle ? content.title : t("site.titleSuffix", { title: content.title });
  const description = content.description ?? t("site.description");
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (content.noindex) return [...tags, { name: "robots", content: "noindex" }];

  const query = new URLSearchParams(content.query).toString();
  const path = unlocalizedPath(location.pathname) + (query ? `?${query}` : "");
  const urlIn = (other: Locale) => absoluteUrl(publicUrl, localizePath(path, other));
  const image = absoluteUrl(
    publicUrl,
    content.imagePath ?? previewImagePath(locale, content.image ?? "home"),
  );
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: urlIn(locale) },
    ...alternateLinks(urlIn).map(({ hreflang, href }) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: hreflang,
      href,
    })),
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
    { name: "twitter:image:alt", content: title },
  ];
}

/** A page's URL in every locale, then x-default (the default locale), for hreflang. */
export function alternateLinks(urlIn: (locale: Locale) => string) {
  return [
    ...locales.map((locale) => ({ hreflang: locale as string, href: urlIn(locale) })),
    { hreflang: "x-default", href: urlIn(defaultLocale) },
  ];
}

/** "en-US" -> "en_US", the form Open Graph uses. */
function ogLocale(locale: Locale) {
  return localeTags[locale].replace("-", "_");
}
