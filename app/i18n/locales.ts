/** Locales and locale-aware paths; no dependencies, so routes.ts can use it too. */

/**
 * Languages of the public site. English lives at today's URLs, every other locale under
 * "/<locale>/..." (docs/decisions/110-locales-in-the-url.md). A third language is one more entry
 * here and one catalog.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** What each language is called in itself, for the language switch. */
export const localeNames: Record<Locale, string> = { en: "English", es: "Español" };

/** BCP 47 tags for Intl and og:locale. */
export const localeTags: Record<Locale, string> = { en: "en-US", es: "es-US" };

const englishLanguageNames = new Intl.DisplayNames("en", { type: "language" });

/** "Spanish": a stored language code named in English, for staff (the dashboard stays English). */
export function languageName(code: string): string {
  return englishLanguageNames.of(code) ?? code;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The locale a URL path is in: its first segment when that is a non-default locale. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== defaultLocale ? first : defaultLocale;
}

export function localeFromRequest(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** The path without its locale prefix: "/es/about" -> "/about", "/es" -> "/". */
export function unlocalizedPath(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === defaultLocale) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/** The same page in another locale: ("/about", "es") -> "/es/about"; ("/", "es") -> "/es". */
export function localizePath(path: string, locale: Locale): string {
  const [pathname, suffix = ""] = splitSuffix(path);
  const base = unlocalizedPath(pathname);
  if (locale === defaultLocale) return base + suffix;
  return (base === "/" ? `/${locale}` : `/${locale}${base}`) + suffix;
}

function splitSuffix(path: string): [string, string?] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path] : [path.slice(0, at), path.slice(at)];
}
