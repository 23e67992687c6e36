import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { toast as showToast, Toaster } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";
import { AccessibilityPanel } from "./components/site/accessibility-panel";
import { BackButton } from "./components/site/back-button";
import { NotFound } from "./components/site/not-found";
import { accessibilityBootScript } from "./lib/accessibility-settings";
import { getCurrentUser } from "./lib/auth.server";
import { env } from "./lib/env.server";
import { getToast, type Toast } from "./lib/toast.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  const user = await getCurrentUser(request);
  const config = env();
  return data(
    {
      toast,
      user: user ? { email: user.email, role: user.role } : null,
      org: { name: config.ORG_NAME, ein: config.ORG_EIN, address: config.ORG_ADDRESS },
      launchAt: config.LAUNCH_AT,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** Data of the root loader, from any route (null inside a broken root). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root") ?? null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The inline script below adds classes and a style to <html> before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Accessibility settings before first paint (D11); must stay ahead of the stylesheets. */}
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, no user input
          dangerouslySetInnerHTML={{ __html: accessibilityBootScript }}
          suppressHydrationWarning
        />
        <meta name="theme-color" content="#1e3a8a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main-content" className="skip-link">
          Skip to main content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Long enough to read a title and a sentence at a slow pace (docs/decisions/031). */
const TOAST_DURATION_MS = 10_000;

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
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <BackButton />
      <AccessibilityPanel />
      <Outlet />
      <FlashToast toast={toast} />
      {/* Sonner's list is a polite live region; toasts pause while hovered or after Alt+T. */}
      <Toaster position="bottom-right" richColors closeButton duration={TOAST_DURATION_MS} />
    </>
  );
}

export function meta() {
  return [
    { title: "Houston Home Foundation - Everyone Deserves A Place to Call Home" },
    {
      name: "description",
      content:
        "Housing, job support and essential services for people experiencing homelessness in Houston. 100% of funds go to our programs.",
    },
  ];
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4">
        Something went wrong on our side. Please try again, or return to the{" "}
        <a href="/" className="link">
          home page
        </a>
        .
      </p>
    </main>
  );
}
