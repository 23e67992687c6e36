import {
  index,
  layout,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import { adminTabs } from "#app/dashboard/tabs";
import { defaultLocale, type Locale, locales } from "#app/i18n/locales";
import { launchPage, type PublicPage, publicPages } from "./lib/public-pages";

/**
 * A public page in one locale: English at its path, other locales under "/<locale>/", each with
 * its own route id (docs/decisions/110).
 */
function localized(page: PublicPage, locale: Locale): RouteConfigEntry {
  const baseId = page.id ?? page.file.replace(/\.tsx?$/, "");
  if (locale === defaultLocale) {
    return page.path === "" ? index(page.file) : route(page.path, page.file, { id: page.id });
  }
  const path = page.path === "" ? locale : `${locale}/${page.path}`;
  return route(path, page.file, { id: `${locale}/${baseId}` });
}

const notFound = { path: "*", file: "routes/not-found.tsx", listed: false };

export default [
  // The pre-launch page stands alone: its own footer, no navigation bar (D1).
  ...locales.map((locale) => localized(launchPage, locale)),
  layout("routes/site-layout.tsx", [
    // Public pages, once per locale (docs/decisions/110).
    ...locales.flatMap((locale) => publicPages.map((page) => localized(page, locale))),
    route("files/:key", "features/library/routes/files.tsx"),
    // Staff sign-in (issue: dashboard).
    route("login", "features/accounts/routes/login.tsx"),
    route("logout", "features/accounts/routes/logout.ts"),
    // The browsers signed in to one's account, each of which can be ended (docs/decisions/131).
    route("account/sessions", "features/accounts/routes/sessions.tsx"),
    route("forgot-password", "features/accounts/routes/forgot-password.tsx"),
    route("reset-password", "features/accounts/routes/reset-password.tsx"),
    route("api/auth/*", "features/accounts/routes/auth-api.ts"),
    // A real 404 in each locale: "/es/*" outranks "*".
    ...locales.map((locale) => localized(notFound, locale)),
  ]),
  // Staff dashboard (issue: dashboard).
  route("admin", "dashboard/routes/layout.tsx", [
    index("dashboard/routes/index.tsx"),
    // One module per tab, each in its feature.
    route("donations", "features/donations/admin/donations-tab.tsx"),
    route("documents", "features/library/admin/documents-tab.tsx"),
    route("statistics", "features/library/admin/statistics-tab.tsx"),
    route("links", "features/library/admin/links-tab.tsx"),
    route("users", "features/accounts/admin/users-tab.tsx"),
    route("signups", "features/forms/admin/signups-tab.tsx"),
    route("messages", "features/forms/admin/messages-tab.tsx"),
    route("volunteers", "features/forms/admin/volunteers-tab.tsx"),
    route("partnerships", "features/forms/admin/partnerships-tab.tsx"),
    // One donation and its payment history, under the Donations tab (decision 080).
    route("donations/:id", "features/donations/admin/donation-detail.tsx"),
  ]),
  route("admin/export/:file", "dashboard/routes/export.ts"),
  route("api/stripe/webhook", "features/donations/routes/stripe-webhook.ts"),
  route("api/altcha/challenge", "features/donations/routes/altcha-challenge.ts"),
  // For search engines (docs/decisions/141).
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
] satisfies RouteConfig;
