import { useEffect, useMemo } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRouteError,
} from "react-router";
import { useInlineStylesheet } from "#app/document/inline-stylesheet";
import { useNonce } from "#app/document/nonce";
import { scriptsAfterPaintBootScript } from "#app/document/scripts-after-paint";
import { LowDataNotice, serviceWorkerScript, WeatherBanners } from "#app/features/weather/index";
import { activeBanners } from "#app/features/weather/index.server";
import { errorMessages } from "#app/i18n/error-messages";
import { localeFromPath, localeFromRequest } from "#app/i18n/locales";
import {
  type PageMessagesHandle,
  parsePageMessages,
  useMatchedMessages,
} from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import {
  createI18n,
  I18nProvider,
  type Messages,
  translatorFor,
  useLocale,
} from "#app/i18n/translator";
import { getCurrentUser } from "#app/lib/auth/session.server";
import { lowDataReason } from "#app/lib/low-data";
import { AccessibilityPanel } from "#app/site/accessibility/panel";
import { accessibilityBootScript } from "#app/site/accessibility/settings";
import { BackButton } from "#app/site/components/back-button";
import { LanguageOffer } from "#app/site/components/language";
import { LazyNotFound } from "#app/site/components/lazy-not-found";
import type { Route } from "./+types/root";
import { env } from "./lib/env.server";
import { type RootData, useRootData } from "./lib/root-data";
import { getToast, type Toast } from "./lib/toast.server";
import { showToast, Toasts } from "./lib/toasts";

/** The last element of every page: the first paint waits for it (see the <head>). */
const PAGE_END_ID = "page-end";

/** The shell's messages: every page's navigation, accessibility panel, language offer and errors. */
export const handle = {
  messages: ["site", "nav", "a11y", "language", "error", "notFound", "weather"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  // At once, so the page's own loaders share this lookup of the user (app/lib/auth/session.server.ts).
  const [{ toast, headers }, user] = await Promise.all([
    getToast(request),
    getCurrentUser(request),
  ]);
  const config = env();
  const locale = localeFromRequest(request);
  // Staff pages show no weather banner; every public page does (docs/decisions/180-weather-banners.md).
  const isDashboard = /^\/admin(\/|$)/.test(new URL(request.url).pathname);
  return data(
    {
      locale,
      messages: pageMessages(request, handle),
      publicUrl: config.PUBLIC_URL,
      toast,
      user: user ? { email: user.email, role: user.role } : null,
      org: { name: config.ORG_NAME, ein: config.ORG_EIN, address: config.ORG_ADDRESS },
      launchAt: config.LAUNCH_AT,
      weather: isDashboard ? [] : await activeBanners(locale),
      serviceWorker: config.SERVICE_WORKER === "on",
      lowData: lowDataReason(request.headers.get("Save-Data"), request.headers.get("Cookie")),
    } satisfies RootData,
    { headers },
  );
}

/** The locale lives in the URL: a switch of language reloads the root's catalog. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (
    defaultShouldRevalidate ||
    localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const pathLocale = localeFromPath(useLocation().pathname);
  const locale = root?.locale ?? pathLocale;
  // Without the root's data (its loader failed) the error screens still speak the page's language.
  const messages = useMatchedMessages() ?? (errorMessages[locale] as Messages);
  const i18n = useMemo(() => createI18n(locale, messages), [locale, messages]);
  const nonce = useNonce();
  const stylesheet = useInlineStylesheet();
  // Low data (app/lib/low-data.ts): the page works without its scripts, so they are left out.
  const lowData = root?.lowData ?? null;
  return (
    // The inline script below adds classes and a style to <html> before React hydrates it.
    <html lang={locale} className={lowData ? "low-data" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          Accessibility settings before first paint; must stay ahead of the stylesheets
          (docs/decisions/030-accessibility-settings-storage.md).
        */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, no user input
          dangerouslySetInnerHTML={{ __html: accessibilityBootScript }}
          suppressHydrationWarning
        />
        {/*
          The stylesheet comes inside the HTML, so the first paint waits for no other request
          (docs/decisions/109-stylesheet-inside-the-page.md). Rendered by the server only:
          hydration skips it, and it stays in <head> for every page the visitor opens afterwards.
        */}
        {stylesheet ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet
          <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        ) : null}
        {/*
          The first paint waits until the whole page is parsed, so the page is laid out once,
          before it is shown, not again for each part the parser reaches after the first paint
          (docs/decisions/188-first-paint-after-the-whole-page.md).
        */}
        <link rel="expect" href={`#${PAGE_END_ID}`} {...{ blocking: "render" }} />
        <meta name="theme-color" content="#1e3a8a" />
        {/*
          A PNG, not an SVG: the browser opens an SVG icon as a document of its own on the page's
          main thread, a long task after load on a slow phone
          (docs/decisions/194-main-thread-after-the-first-paint.md).
        */}
        <link rel="icon" href="/icons/icon-32.png" type="image/png" sizes="32x32" />
        {/* The finder can be added to a home screen (app/features/weather, docs/decisions/180-weather-banners.md). */}
        <link
          rel="manifest"
          href={locale === "es" ? "/es/manifest.webmanifest" : "/manifest.webmanifest"}
        />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <SkipLink />
          {children}
        </I18nProvider>
        {lowData ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            {/*
              Starts the scripts above once the first contentful paint is shown
              (docs/decisions/118-scripts-after-the-first-paint.md).
            */}
            <script
              nonce={nonce}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, no user input
              dangerouslySetInnerHTML={{ __html: scriptsAfterPaintBootScript }}
              suppressHydrationWarning
            />
          </>
        )}
        {/* The service worker, once the page has loaded (docs/decisions/182-offline-finder.md). */}
        <script
          id={PAGE_END_ID}
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, no user input
          dangerouslySetInnerHTML={{ __html: serviceWorkerScript(root?.serviceWorker ?? true) }}
          suppressHydrationWarning
        />
      </body>
    </html>
  );
}

function SkipLink() {
  const { t } = useLocale();
  return (
    <a href="#main-content" className="skip-link">
      {t("site.skipLink")}
    </a>
  );
}

/** Shows the flash toast through sonner; without JavaScript the static copy below is shown. */
function FlashToast({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : showToast.success;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
  if (!toast) return null;
  return (
    <noscript>
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={`static-toast ${toast.type === "error" ? "static-toast-error" : ""}`}
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
    </noscript>
  );
}

export default function App() {
  const { toast, weather, lowData } = useLoaderData<typeof loader>();
  return (
    <>
      <WeatherBanners banners={weather} />
      <BackButton />
      <AccessibilityPanel />
      <LanguageOffer />
      <Outlet />
      {lowData ? <LowDataNotice reason={lowData} /> : null}
      <FlashToast toast={toast} />
      <Toasts />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translatorFor(loaderData.locale, parsePageMessages(loaderData.messages) as Messages);
  return [{ title: t("site.title") }, { name: "description", content: t("site.description") }];
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, href } = useLocale();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <LazyNotFound />;
  }
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t("error.heading")}</h1>
      <p className="mt-4">
        {t("error.before")}
        <a href={href("/")} className="link">
          {t("error.link")}
        </a>
        {t("error.after")}
      </p>
    </main>
  );
}
