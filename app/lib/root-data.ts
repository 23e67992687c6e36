import { useRouteLoaderData } from "react-router";
import type { Locale } from "#app/i18n/locales";
import type { PageMessagesText } from "#app/i18n/page-messages";
import type { Role } from "./auth/roles";
import type { Toast } from "./toast.server";

/** What the root loader (app/root.tsx) gives every page. */
export interface RootData {
  locale: Locale;
  /** The shell's messages; each page's loader sends its own (docs/decisions/153-messages-per-page.md). */
  messages: PageMessagesText;
  publicUrl: string;
  toast: Toast | null;
  user: { email: string; role: Role } | null;
  org: { name: string; ein: string; address: string };
  launchAt: string;
  /** Why this page is the low-data one (app/lib/low-data.ts), or null. */
  lowData: "browser" | "switch" | null;
  /** Whether pages register the service worker (SERVICE_WORKER, the kill switch when off). */
  serviceWorker: boolean;
  /** Weather banners showing now (app/features/weather/kinds.ts, ShownBanner). */
  weather: ReadonlyArray<{
    id: string;
    kind: "freeze" | "heat" | "storm" | "other";
    message: string;
    fallbackLang: "en" | null;
    link: string;
    until: string;
  }>;
}

/** Data of the root loader, from any route (null inside a broken root). */
export function useRootData(): RootData | null {
  return (useRouteLoaderData("root") as RootData | undefined) ?? null;
}
