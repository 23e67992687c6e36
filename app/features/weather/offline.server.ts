import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, locales, localeTags } from "#app/i18n/locales";

/**
 * The texts of the offline finder that server/offline/routes.ts serves
 * (docs/decisions/182-offline-finder.md): each language's web app manifest and the service
 * worker's "Saved <time>" note.
 */

export function workerTexts() {
  return Object.fromEntries(
    locales.map((locale) => [
      locale,
      { tag: localeTags[locale], saved: serverT(locale)("weather.saved") },
    ]),
  );
}

export function webAppManifest(locale: Locale) {
  const t = serverT(locale);
  const start = locale === "es" ? "/es/find-help" : "/find-help";
  return {
    id: start,
    name: t("weather.manifest.name"),
    short_name: t("weather.manifest.shortName"),
    description: t("weather.manifest.description"),
    lang: localeTags[locale],
    dir: "ltr",
    start_url: start,
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#1e3a8a",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
