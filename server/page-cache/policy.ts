import type { LibraryKind } from "#app/features/library/kinds";
import { locales, localizePath } from "#app/i18n/locales";
import { parseLaunchAt } from "#app/site/launch";
import { publicPages } from "#app/site/public-pages";

/**
 * What the anonymous page cache (docs/decisions/101-anonymous-page-cache.md) may keep, and for
 * how long: which paths are the same for every visitor, which cookies leave a request anonymous,
 * and when a rendered page stops being right by itself. Kept apart from the store and the HTTP
 * answer so the rules that decide who may see a shared page can be read and tested on their own.
 */

/** Public pages that never show visitor data; payment pages and tokens in links stay out. */
const UNCACHED_PAGES = new Set([
  "donate",
  "donate/pay/:id",
  "donate/manage",
  "donation-success",
  "unsubscribe",
]);

/** What each cacheable page lists from the library: /resources opens on its documents tab. */
const LIBRARY_ON_PAGE: Record<string, readonly LibraryKind[]> = { resources: ["documents"] };

/** Every cacheable path, in every locale, with the library kinds the page shows. */
export function cacheablePages(): Map<string, readonly LibraryKind[]> {
  const pages = new Map<string, readonly LibraryKind[]>();
  for (const page of publicPages) {
    if (UNCACHED_PAGES.has(page.path) || page.path.includes(":")) continue;
    for (const locale of locales) {
      pages.set(localizePath(`/${page.path}`, locale), LIBRARY_ON_PAGE[page.path] ?? []);
    }
  }
  return pages;
}

/** Cookies that change nothing the server renders (the language offer is decided in the browser). */
const HARMLESS_COOKIES = new Set(["lang"]);

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
 * (the home page switches from the countdown to the full site), or at new year (the footer's year).
 */
export function pageExpiry(now: Date, launchAt: string): number {
  const launch = parseLaunchAt(launchAt).getTime();
  const newYear = new Date(now.getFullYear() + 1, 0, 1).getTime();
  const moments = [now.getTime() + MAX_PAGE_AGE_MS, newYear];
  if (launch > now.getTime()) moments.push(launch);
  return Math.min(...moments);
}
