import { type LibraryKind, libraryKindFromSearch, libraryKinds } from "#app/features/library/index";
import { locales, localizePath, unlocalizedPath } from "#app/i18n/locales";
import { lowDataReason, SAVE_DATA_COOKIE } from "#app/lib/low-data";
import { parseLaunchAt } from "#app/site/launch";
import { placeholderPages } from "#app/site/placeholder-pages";
import { publicPages } from "#app/site/public-pages";

/**
 * What the anonymous page cache (docs/decisions/101-anonymous-page-cache.md) may keep, and for
 * how long: which paths are the same for every visitor, which cookies leave a request anonymous,
 * and when a rendered page stops being right by itself. Kept apart from the store and the HTTP
 * answer so the rules that decide who may see a shared page can be read and tested on their own.
 */

/**
 * Public pages that show one visitor's data: payment pages and tokens in links stay out. /donate
 * is cached: its proof-of-work challenge is fetched by the widget (/api/altcha/challenge), and a
 * gift being changed comes with `?edit=`, which the page reads (below).
 */
const UNCACHED_PAGES = new Set([
  "donate/pay/:id",
  "donate/manage",
  "donation-success",
  "unsubscribe",
  "newsletter/confirm",
  // The owner's confirmation and management links carry a token.
  "fundraise/confirm",
  "fundraise/manage",
  // A volunteer's links to their sign-up and to a seat offered to them carry tokens.
  "volunteer/signup",
  // A service's update link carries a token (docs/decisions/228-bed-update-links.md).
  "beds/update",
  // The donor's dedication, by a signed link (docs/decisions/236-managing-a-dedication.md).
  "honor-giving/manage",
  // A donor's own pages and documents, behind their sign-in (docs/decisions/285-donor-sign-in.md).
  "giving/sign-in",
  "giving",
  "giving/monthly/:id",
  "giving/receipts/:id",
  "giving/statement/:year",
  "giving/sign-out",
]);

/**
 * What a change can be about, so it drops exactly the pages showing it: a library kind, the
 * service finder's data, or "every-page" for what every page shows (a site-wide banner).
 * docs/decisions/163-page-topics-and-finder-freshness.md
 */
export type PageTopic =
  | LibraryKind
  | "services"
  | "fundraisers"
  | "shifts"
  | "newsletters"
  | "pages"
  | "every-page";

const pageTopics: readonly string[] = [
  ...libraryKinds,
  "services",
  "fundraisers",
  "shifts",
  "newsletters",
  "pages",
  "every-page",
];

export function isPageTopic(value: unknown): value is PageTopic {
  return typeof value === "string" && pageTopics.includes(value);
}

/**
 * What each cacheable page shows that can change ("every-page" is implied for all): /resources
 * opens on its documents tab; /find-help lists the services.
 */
const TOPICS_ON_PAGE: Record<string, readonly PageTopic[]> = {
  resources: ["documents"],
  "find-help": ["services"],
  "give-to-fundraiser": ["fundraisers"],
  // Upcoming shifts with seats left (docs/decisions/237-volunteer-shifts.md).
  volunteer: ["shifts"],
  // The sent issues (docs/decisions/293-newsletter-archive.md).
  newsletter: ["newsletters"],
  // Pages staff write: each placeholder address, /about, and the home page's impact figures
  // (docs/decisions/281-pages-drafts-and-publishing.md).
  "": ["pages"],
  home: ["pages"],
  ...Object.fromEntries(
    [...Object.keys(placeholderPages).map((path) => path.slice(1)), "about"].map((path) => [
      path,
      ["pages"] as const,
    ]),
  ),
};

/** Every cacheable path, in every locale, with the topics the page shows. */
export function cacheablePages(): Map<string, readonly PageTopic[]> {
  const pages = new Map<string, readonly PageTopic[]>();
  for (const page of publicPages) {
    if (UNCACHED_PAGES.has(page.path) || page.path.includes(":")) continue;
    for (const locale of locales) {
      pages.set(localizePath(`/${page.path}`, locale), TOPICS_ON_PAGE[page.path] ?? []);
    }
  }
  return pages;
}

/** A fundraiser page's path, in any locale: `/fundraise/<slug>` (slugs as fundraisers make them). */
const FUNDRAISER_PAGE = /^\/fundraise\/(?!(?:confirm|manage)$)[a-z0-9-]{1,80}$/;

/** A sent newsletter's page: `/newsletter/<id>`. */
const NEWSLETTER_ISSUE = /^\/newsletter\/[0-9a-f-]{36}$/;
/** A page staff added under /p/ (app/features/pages/addresses.ts). */
const STAFF_PAGE = /^\/p\/[a-z0-9-]{1,80}$/;

/**
 * Pages kept once per combination of the parameters they read, with the topics each combination
 * shows: a page of search results, as a rush (a newsletter, a cold night) sends many visitors after
 * the same few words (docs/decisions/242-search-pages-in-the-page-cache.md). The store keeps a
 * bounded number of them (MAX_QUERY_PAGES in server/page-cache/store.ts).
 */
const KEPT_PER_QUERY: Record<string, (params: URLSearchParams) => readonly PageTopic[]> = {
  "/resources": (params) => [libraryKindFromSearch(params)],
};

/**
 * The topics of a cacheable page whose path is not in the site's list: an approved fundraiser
 * page, dropped by any fundraiser change or payment event (docs/decisions/221-fundraisers.md), or
 * a page kept per query (above). A slug that names no public page renders a 404, which is never
 * kept.
 */
export function dynamicPageTopics(path: string): readonly PageTopic[] | undefined {
  const queryStart = path.indexOf("?");
  if (queryStart !== -1) {
    const topicsFor = KEPT_PER_QUERY[unlocalizedPath(path.slice(0, queryStart))];
    return topicsFor?.(new URLSearchParams(path.slice(queryStart + 1)));
  }
  const page = unlocalizedPath(path);
  if (NEWSLETTER_ISSUE.test(page)) return ["newsletters"];
  if (STAFF_PAGE.test(page)) return ["pages"];
  return FUNDRAISER_PAGE.test(page) ? ["fundraisers"] : undefined;
}

/** What a donation panel reads from its page's URL: a campaign link may choose the gift. */
const DONATION_PRESET = ["amount", "frequency"];

/**
 * The query parameters each cacheable page reads (by its path without the locale), in its loader
 * or its components. A request carrying one of them is rendered for it; any other parameter
 * (campaign tags such as utm_source, fbclid, gclid, mc_cid, or anything else) cannot change the
 * page, so the cached page answers. A page that starts reading a parameter
 * names it here (docs/decisions/151-cached-pages-without-a-shared-nonce.md).
 */
const PARAMETERS_READ: Record<string, readonly string[]> = {
  "/": DONATION_PRESET,
  "/home": DONATION_PRESET,
  "/launch": DONATION_PRESET,
  "/donate": [...DONATION_PRESET, "edit", "panel", "fundraiser"],
  "/resources": ["tab", "q", "page"],
  "/find-help": ["category", "open", "places", "q", "lang", "for"],
  "/volunteer": ["opportunity"],
  "/give-to-fundraiser": ["q"],
};

/**
 * The cache key of a request URL: its path when no query parameter it carries is one the page
 * reads; for a page kept per query, its path and the parameters it reads in a fixed order (each
 * once: a repeated one is rendered for its request); otherwise null (the page is rendered for this
 * request).
 */
export function cacheKeyOf(url: string): string | null {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const page = unlocalizedPath(path);
  const read = PARAMETERS_READ[page] ?? [];
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const carried = read.filter((name) => params.has(name));
  if (carried.length === 0) return path;
  if (!KEPT_PER_QUERY[page] || carried.some((name) => params.getAll(name).length > 1)) return null;
  return `${path}?${new URLSearchParams(carried.map((name) => [name, params.get(name) ?? ""]))}`;
}

/**
 * Cookies that leave a page the same for everyone: the language offer is decided in the browser,
 * and the save-data switch chooses the low-data variant, which is cached on its own (below).
 */
const HARMLESS_COOKIES = new Set(["lang", SAVE_DATA_COOKIE]);

/**
 * Low-data pages (app/lib/low-data.ts) are kept under their path with a mark per reason: the page
 * asked for by the browser and the one chosen with the switch differ (only the second offers the
 * switch back), so neither is served for the other.
 */
export const LOW_DATA_VARIANTS = {
  browser: { mark: "#low-data-browser", headers: { "Save-Data": "on" } },
  switch: { mark: "#low-data-switch", headers: { Cookie: `${SAVE_DATA_COOKIE}=on` } },
} as const;

/** The key of the variant a request gets: a low-data copy is never served to anyone else. */
export function variantKey(
  key: string | null,
  saveData: string | string[] | undefined,
  cookie: string | undefined,
): string | null {
  if (key === null) return null;
  const header = Array.isArray(saveData) ? saveData[0] : saveData;
  const reason = lowDataReason(header, cookie);
  return reason ? `${key}${LOW_DATA_VARIANTS[reason].mark}` : key;
}

/** The page path of a cache key, and the request headers its variant is rendered with. */
export function variantOfKey(key: string): { path: string; headers: Record<string, string> } {
  for (const { mark, headers } of Object.values(LOW_DATA_VARIANTS)) {
    if (key.endsWith(mark)) return { path: key.slice(0, -mark.length), headers };
  }
  return { path: key, headers: {} };
}

/** The page path of a cache key, without its variant mark. */
export function pathOfKey(key: string): string {
  return variantOfKey(key).path;
}

/**
 * Whether a request's cookies leave the page the same as everyone's. Any other cookie (a session,
 * a flash message, anything added later) bypasses the cache: wrongly bypassing costs a render,
 * wrongly serving could show one visitor's page to another.
 */
export function isAnonymous(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  return cookieHeader
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .every((name) => name === "" || HARMLESS_COOKIES.has(name));
}

/** An hour at most, so the footer's year and similar slow changes never lag long. */
export const MAX_PAGE_AGE_MS = 60 * 60 * 1000;

/**
 * When a page rendered at `now` stops being right by itself: after an hour, at the launch moment
 * (the home page switches from the countdown to the full site), at new year (the footer's year),
 * or at any of `pageMoments` (for the finder: the next moment a listed opening status changes).
 */
export function pageExpiry(now: Date, launchAt: string, pageMoments: number[] = []): number {
  const launch = parseLaunchAt(launchAt).getTime();
  const newYear = new Date(now.getFullYear() + 1, 0, 1).getTime();
  const future = pageMoments.filter((moment) => moment > now.getTime());
  const moments = [now.getTime() + MAX_PAGE_AGE_MS, newYear, ...future];
  if (launch > now.getTime()) moments.push(launch);
  return Math.min(...moments);
}
