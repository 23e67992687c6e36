/**
 * The kinds of weather banner and where each one points by default: the finder filtered to the
 * centres that are open now (docs/decisions/180-weather-banners.md). Paths are unlocalized; a Spanish page localizes them.
 */
export const bannerKinds = ["freeze", "heat", "storm", "other"] as const;
export type BannerKind = (typeof bannerKinds)[number];

/** A banner message is short: it sits above every page, on a phone too. */
export const MESSAGE_MAX = 280;

export const defaultLinks: Record<BannerKind, string> = {
  freeze: "/find-help?category=warming-center&open=now",
  heat: "/find-help?category=cooling-center&open=now",
  storm: "/find-help?open=now",
  other: "/find-help?open=now",
};

/** What the site shows of an active banner (root loader to the banner component). */
export interface ShownBanner {
  id: string;
  kind: BannerKind;
  message: string;
  /** Set when the Spanish message is missing and the English one is shown instead. */
  fallbackLang: "en" | null;
  link: string;
  /** When it ends, on Houston's clock in the page's language ("Thursday 8:00 AM"). */
  until: string;
}

/** Warming centres for cold, cooling centres for heat: what the finder lists first. */
export function centreCategoryFor(kind: BannerKind): string | null {
  if (kind === "freeze") return "warming-center";
  if (kind === "heat") return "cooling-center";
  return null;
}
