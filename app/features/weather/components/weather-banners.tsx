import { useLocale } from "#app/i18n/translator";
import type { BannerKind, ShownBanner } from "../kinds";

const headings = {
  freeze: "weather.heading.freeze",
  heat: "weather.heading.heat",
  storm: "weather.heading.storm",
  other: "weather.heading.other",
} as const satisfies Record<BannerKind, string>;

const links = {
  freeze: "weather.link.freeze",
  heat: "weather.link.heat",
  storm: "weather.link.storm",
  other: "weather.link.other",
} as const satisfies Record<BannerKind, string>;

/**
 * The weather banners showing now, above every public page's content
 * (docs/decisions/180-weather-banners.md): each a region named by its heading, so screen readers
 * list it among the landmarks and read it once in page order. No live region: the banner comes
 * with the page, and announcing it again at each navigation would only repeat it.
 */
export function WeatherBanners({ banners }: { banners: readonly ShownBanner[] }) {
  const { t } = useLocale();
  if (banners.length === 0) return null;
  return (
    <div className="weather-banners">
      {banners.map((banner) => {
        const headingId = `weather-banner-${banner.id}`;
        return (
          <section
            key={banner.id}
            aria-labelledby={headingId}
            className={`weather-banner weather-banner-${banner.kind}`}
          >
            <h2 id={headingId} className="weather-banner-heading">
              {t(headings[banner.kind])}
            </h2>
            <p lang={banner.fallbackLang ?? undefined} className="weather-banner-message">
              {banner.message}
            </p>
            <p className="weather-banner-actions">
              <a href={banner.link} className="weather-banner-link">
                {t(links[banner.kind])}
              </a>
              <span>{t("weather.until", { time: banner.until })}</span>
            </p>
          </section>
        );
      })}
    </div>
  );
}
