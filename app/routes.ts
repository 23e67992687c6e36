import {
  index,
  layout,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import { defaultLocale, locales } from "./i18n/locales";

/**
 * Every route of the site, each module named once, grouped by the folder that owns it. A public
 * page is served in every locale: English at its path, Spanish under "/es/", each with its own
 * route id (docs/decisions/110-locales-in-the-url.md); app/site/public-pages.ts says which of them
 * the sitemap lists.
 */
function everyLocale(path: string, file: string, id = file.replace(/\.tsx?$/, "")) {
  return locales.map((locale): RouteConfigEntry => {
    if (locale === defaultLocale) return path === "" ? index(file) : route(path, file, { id });
    return route(path === "" ? locale : `${locale}/${path}`, file, { id: `${locale}/${id}` });
  });
}

export default [
  // The pre-launch page stands alone: its own footer, no navigation bar.
  ...everyLocale("launch", "site/routes/launch.tsx"),
  layout("site/routes/layout.tsx", [
    // app/site: the pages about the organisation.
    ...everyLocale("", "site/routes/index.tsx"),
    ...everyLocale("home", "site/routes/home.tsx"),
    ...everyLocale("about", "site/routes/about.tsx"),
    // Gifts in honour or in memory: app/features/tributes' intro and the donation form
    // (docs/decisions/232-tribute-gifts.md).
    ...everyLocale("honor-giving", "site/routes/honor-giving.tsx"),
    ...everyLocale("honor-giving/manage", "features/tributes/routes/manage.tsx"),
    ...everyLocale("privacy", "site/routes/privacy.tsx"),
    // Every placeholder page (app/site/placeholder-pages.ts), one route per locale, not one per
    // page: each route is matched and built on every request, in the server and the browser
    // (docs/decisions/187-one-route-for-the-placeholder-pages.md).
    ...everyLocale(":page", "site/routes/placeholder.tsx"),
    // app/features/forms: messages, sign-ups and the newsletter.
    ...everyLocale("contact", "features/forms/routes/contact.tsx"),
    ...everyLocale("volunteer", "features/forms/routes/volunteer.tsx"),
    ...everyLocale("partnerships", "features/forms/routes/partnerships.tsx"),
    ...everyLocale("unsubscribe", "features/forms/routes/unsubscribe.tsx"),
    ...everyLocale("newsletter/confirm", "features/forms/routes/newsletter-confirm.tsx"),
    // app/features/newsletters: the archive of sent issues (docs/decisions/293-newsletter-archive.md).
    ...everyLocale("newsletter", "features/newsletters/routes/archive.tsx"),
    ...everyLocale("newsletter/:id", "features/newsletters/routes/issue.tsx"),
    // app/features/shifts: a shift's sign-up, a volunteer's own link and a freed seat's claim
    // (docs/decisions/237-volunteer-shifts.md).
    ...everyLocale("volunteer/shifts/:id", "features/shifts/routes/shift.tsx"),
    ...everyLocale("volunteer/shifts/:id/claim", "features/shifts/routes/claim.tsx"),
    ...everyLocale("volunteer/signup", "features/shifts/routes/manage.tsx"),
    // app/features/library: the resources library and its files.
    ...everyLocale("resources", "features/library/routes/resources.tsx"),
    ...everyLocale("resources/upload", "features/library/routes/upload.tsx"),
    route("files/:key", "features/library/routes/files.tsx"),
    // app/features/services: the service finder and one service's page (docs/decisions/170-the-finder-page.md).
    ...everyLocale("find-help", "features/services/routes/find-help.tsx"),
    ...everyLocale("find-help/:id", "features/services/routes/service-detail.tsx"),
    // app/features/listing-reports: a visitor's report of a wrong listing (docs/decisions/245-listing-reports.md).
    ...everyLocale("find-help/:id/report", "features/listing-reports/routes/report.tsx"),
    // app/features/beds: the page behind a service's secret update link (docs/decisions/228-bed-update-links.md).
    ...everyLocale("beds/update", "features/beds/routes/update.tsx"),
    // app/features/donations: giving, paying and managing a gift.
    ...everyLocale("donate", "site/routes/donate.tsx"),
    ...everyLocale("donate/pay/:id", "features/donations/routes/pay.tsx"),
    ...everyLocale("donate/manage", "features/donations/routes/manage.tsx"),
    ...everyLocale("donate/manage/statement", "features/donations/routes/statement.ts"),
    ...everyLocale("donation-success", "features/donations/routes/donation-success.tsx"),
    // app/features/giving: a donor's own place, signed in by an e-mailed link
    // (docs/decisions/285-donor-sign-in.md).
    ...everyLocale("create-account", "features/giving/routes/sign-in-request.tsx"),
    ...everyLocale("giving/sign-in", "features/giving/routes/continue.tsx"),
    ...everyLocale("giving", "features/giving/routes/giving.tsx"),
    ...everyLocale("giving/monthly/:id", "features/giving/routes/monthly.tsx"),
    ...everyLocale("giving/receipts/:id", "features/giving/routes/receipt.ts"),
    ...everyLocale("giving/statement/:year", "features/giving/routes/statement.ts"),
    ...everyLocale("giving/sign-out", "features/giving/routes/sign-out.ts"),
    // app/features/fundraisers: supporters' own pages (docs/decisions/221-fundraisers.md).
    ...everyLocale("fundraise", "features/fundraisers/routes/fundraise.tsx"),
    ...everyLocale("fundraise/confirm", "features/fundraisers/routes/confirm.tsx"),
    ...everyLocale("fundraise/manage", "features/fundraisers/routes/manage.tsx"),
    ...everyLocale("fundraise/:slug", "features/fundraisers/routes/fundraiser.tsx"),
    ...everyLocale("fundraise/:slug/card.png", "features/fundraisers/routes/card.ts"),
    route("fundraiser-photos/:key", "features/fundraisers/routes/photo.ts"),
    route("page-images/:key", "features/pages/routes/image.ts"),
    ...everyLocale("give-to-fundraiser", "features/fundraisers/routes/give-to-fundraiser.tsx"),
    // app/features/accounts: staff sign-in and the browsers signed in
    // (docs/decisions/131-session-lifetime.md).
    route("login", "features/accounts/routes/login.tsx"),
    route("logout", "features/accounts/routes/logout.ts"),
    route("account/sessions", "features/accounts/routes/sessions.tsx"),
    route("forgot-password", "features/accounts/routes/forgot-password.tsx"),
    route("reset-password", "features/accounts/routes/reset-password.tsx"),
    route("api/auth/*", "features/accounts/routes/auth-api.ts"),
    // app/features/weather: what the service worker shows offline for a page it has not saved.
    ...everyLocale("offline", "features/weather/routes/offline.tsx"),
    // app/features/pages: pages staff add, and a draft shown by a preview link
    // (docs/decisions/281-pages-drafts-and-publishing.md).
    ...everyLocale("p/:slug", "features/pages/routes/page.tsx"),
    ...everyLocale("page-preview/:token", "features/pages/routes/preview-link.tsx"),
    // A real 404 in each locale: "/es/*" outranks "*".
    ...everyLocale("*", "site/routes/not-found.tsx"),
  ]),
  // app/dashboard: the staff dashboard, one tab module per feature tab.
  route("admin", "dashboard/routes/layout.tsx", [
    index("dashboard/routes/index.tsx"),
    route("documents", "features/library/admin/documents-tab.tsx"),
    route("statistics", "features/library/admin/statistics-tab.tsx"),
    route("links", "features/library/admin/links-tab.tsx"),
    route("signups", "features/forms/admin/signups-tab.tsx"),
    route("donations", "features/donations/admin/donations-tab.tsx"),
    // One donation and its payment history, under the Donations tab
    // (docs/decisions/080-donations-for-finance-staff.md).
    route("donations/:id", "features/donations/admin/donation-detail.tsx"),
    // Its dedication, if it has one (docs/decisions/236-managing-a-dedication.md).
    route("donations/:id/dedication", "features/tributes/admin/dedication.tsx"),
    route("messages", "features/forms/admin/messages-tab.tsx"),
    route("volunteers", "features/forms/admin/volunteers-tab.tsx"),
    route("partnerships", "features/forms/admin/partnerships-tab.tsx"),
    route("fundraisers", "features/fundraisers/admin/fundraisers-tab.tsx"),
    // Volunteer shifts; "shifts/:id" is one shift's roster and changes.
    route("shifts", "features/shifts/admin/shifts-tab.tsx"),
    route("shifts/:id", "features/shifts/admin/shift-detail.tsx"),
    route("weather", "features/weather/admin/weather-tab.tsx"),
    // The service finder's directory; "services/new" adds one (docs/decisions/170-the-finder-page.md).
    route("services", "features/services/admin/services-tab.tsx"),
    route("services/:id", "features/services/admin/service-editor.tsx"),
    // One service's places tonight and its update link, under the Services tab
    // (docs/decisions/228-bed-update-links.md).
    route("services/:id/beds", "features/beds/admin/beds-editor.tsx"),
    // app/features/listing-reports: visitors' reports of wrong listings (docs/decisions/246-listing-reports-queue.md).
    route("services/reports", "features/listing-reports/admin/reports-queue.tsx"),
    route("users", "features/accounts/admin/users-tab.tsx"),
    // app/features/newsletters: writing and sending (docs/decisions/292-newsletters-tab-and-role.md).
    route("newsletters", "features/newsletters/admin/newsletters-tab.tsx"),
    route("newsletters/:id", "features/newsletters/admin/newsletter-editor.tsx"),
    // app/features/pages: the site's pages; one language's editor, its preview and its revisions.
    route("pages", "features/pages/admin/pages-tab.tsx"),
    route("pages/:id/:language", "features/pages/admin/page-editor.tsx"),
    route("pages/:id/:language/preview", "features/pages/admin/page-preview.tsx"),
    route("pages/:id/:language/revisions", "features/pages/admin/revisions.tsx"),
  ]),
  route("admin/export/:file", "dashboard/routes/export.ts"),
  route("api/stripe/webhook", "features/donations/routes/stripe-webhook.ts"),
  // A newsletter's one-click unsubscribe and the SMTP provider's bounces (decision 291).
  route("api/newsletter/unsubscribe", "features/newsletters/routes/one-click.ts"),
  route("api/newsletter/bounces", "features/newsletters/routes/bounces.ts"),
  route("api/altcha/challenge", "site/routes/altcha-challenge.ts"),
  // The directory as HSDS 3.0 JSON for others to reuse (docs/decisions/166-hsds-export.md).
  route("api/hsds/services", "features/services/routes/hsds-services.ts"),
  route("api/hsds/services/:id", "features/services/routes/hsds-service.ts"),
  // The low-data switch (app/lib/low-data.ts): a form post that sets or clears its cookie.
  route("save-data", "features/weather/routes/save-data.ts"),
  // For search engines (docs/decisions/141-robots-and-sitemap.md).
  route("robots.txt", "site/routes/robots.ts"),
  route("sitemap.xml", "site/routes/sitemap.ts"),
] satisfies RouteConfig;
