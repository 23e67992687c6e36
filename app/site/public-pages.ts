import { type PlaceholderPath, placeholderPages } from "./placeholder-pages";

/**
 * Every public page's path (served once per locale by app/routes.ts: English at the path, Spanish
 * under /es/), and whether the sitemap lists it: personal or transient pages are not listed, and
 * robots.txt keeps crawlers off them. tests/unit/routes.test.ts holds this list and the routes equal.
 */
export interface PublicPage {
  /** URL path without a leading slash; "" is the home page. */
  path: string;
  /** A listed page with a parameter is listed by the addresses its data gives (sitemap.ts). */
  listed: boolean;
}

export const publicPages: PublicPage[] = [
  { path: "launch", listed: true },
  { path: "", listed: true },
  { path: "home", listed: true },
  { path: "about", listed: true },
  { path: "contact", listed: true },
  { path: "volunteer", listed: true },
  { path: "partnerships", listed: true },
  // A shift's sign-up page: shifts come and go, the volunteer page links them; a volunteer's own
  // link and a seat's claim link carry tokens (docs/decisions/237-volunteer-shifts.md).
  { path: "volunteer/shifts/:id", listed: false },
  { path: "volunteer/shifts/:id/claim", listed: false },
  { path: "volunteer/signup", listed: false },
  { path: "privacy", listed: true },
  { path: "unsubscribe", listed: false },
  // The newsletter archive; an issue's page is linked from it, and the confirmation link carries
  // a token (docs/decisions/293-newsletter-archive.md).
  { path: "newsletter", listed: true },
  { path: "newsletter/:id", listed: false },
  { path: "newsletter/confirm", listed: false },
  { path: "resources", listed: true },
  { path: "resources/upload", listed: true },
  { path: "find-help", listed: true },
  // One service's page: services come and go, the finder links each one.
  { path: "find-help/:id", listed: false },
  { path: "find-help/:id/report", listed: false },
  { path: "donate", listed: true },
  { path: "donate/pay/:id", listed: false },
  { path: "donate/manage", listed: false },
  // The year-end statement download, in the language of the page it is asked for on.
  { path: "donate/manage/statement", listed: false },
  { path: "donation-success", listed: false },
  { path: "fundraise", listed: true },
  { path: "give-to-fundraiser", listed: true },
  // The owner's confirmation link (a token) stays out; each approved fundraiser's page is listed
  // by its address, read from the database (docs/decisions/221-fundraisers.md).
  { path: "fundraise/confirm", listed: false },
  // The owner's management link (a token) stays out too (docs/decisions/222-fundraiser-owner-link.md).
  { path: "fundraise/manage", listed: false },
  { path: "fundraise/:slug", listed: true },
  // Its share card: open to link-preview crawlers, never in the sitemap (no page of its own).
  { path: "fundraise/:slug/card.png", listed: true },
  // A service's secret update link (docs/decisions/228-bed-update-links.md).
  { path: "beds/update", listed: false },
  // Gifts in honour or in memory (docs/decisions/232-tribute-gifts.md).
  { path: "honor-giving", listed: true },
  // The donor's signed link to one dedication.
  { path: "honor-giving/manage", listed: false },
  // "Your giving": the sign-in page is listed; a donor's own pages are not
  // (docs/decisions/285-donor-sign-in.md).
  { path: "create-account", listed: true },
  { path: "giving/sign-in", listed: false },
  { path: "giving", listed: false },
  { path: "giving/monthly/:id", listed: false },
  { path: "giving/receipts/:id", listed: false },
  { path: "giving/statement/:year", listed: false },
  { path: "giving/sign-out", listed: false },
  // The service worker's page for a page it has not saved (app/features/weather/routes/offline.tsx).
  { path: "offline", listed: false },
  // Pages staff add: listed by their published languages (docs/decisions/281-pages-drafts-and-publishing.md);
  // a draft's preview link carries a token.
  { path: "p/:slug", listed: true },
  { path: "page-preview/:token", listed: false },
  ...placeholderPaths().map((path) => ({ path, listed: true })),
];

/** The placeholder pages' paths without their leading slash, all served by one route module. */
function placeholderPaths(): string[] {
  return (Object.keys(placeholderPages) as PlaceholderPath[]).map((path) => path.slice(1));
}
