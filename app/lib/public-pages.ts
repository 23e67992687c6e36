import { type PlaceholderPath, placeholderPages } from "./site";

/**
 * The public pages, in one list: routes.ts serves each once per locale (English at the path,
 * Spanish under /es/), and the sitemap lists those marked `listed` in every locale.
 */
export interface PublicPage {
  /** URL path without a leading slash; "" is the home page. */
  path: string;
  file: string;
  /** In the sitemap; personal or transient pages are not. */
  listed: boolean;
  /** Route id in the default locale, when it must differ from the file's. */
  id?: string;
}

export const publicPages: PublicPage[] = [
  { path: "", file: "routes/index.tsx", listed: true },
  { path: "home", file: "routes/home.tsx", listed: true },
  { path: "about", file: "routes/about.tsx", listed: true },
  { path: "contact", file: "features/forms/routes/contact.tsx", listed: true },
  { path: "volunteer", file: "features/forms/routes/volunteer.tsx", listed: true },
  { path: "partnerships", file: "features/forms/routes/partnerships.tsx", listed: true },
  { path: "privacy", file: "routes/privacy.tsx", listed: true },
  { path: "unsubscribe", file: "features/forms/routes/unsubscribe.tsx", listed: false },
  { path: "resources", file: "features/library/routes/resources.tsx", listed: true },
  { path: "resources/upload", file: "features/library/routes/upload.tsx", listed: true },
  { path: "donate", file: "features/donations/routes/donate.tsx", listed: true },
  { path: "donate/pay/:id", file: "features/donations/routes/pay.tsx", listed: false },
  { path: "donate/manage", file: "features/donations/routes/manage.tsx", listed: false },
  // The year-end statement download, in the language of the page it is asked for on.
  {
    path: "donate/manage/statement",
    file: "features/donations/routes/statement.ts",
    listed: false,
  },
  {
    path: "donation-success",
    file: "features/donations/routes/donation-success.tsx",
    listed: false,
  },
  ...(Object.keys(placeholderPages) as PlaceholderPath[]).map((path) => ({
    path: path.slice(1),
    file: "routes/placeholder.tsx",
    listed: true,
    id: `placeholder${path}`,
  })),
];

/** The pre-launch page stands outside the site layout (no navigation bar). */
export const launchPage: PublicPage = { path: "launch", file: "routes/launch.tsx", listed: true };
