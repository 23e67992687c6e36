import { Outlet } from "react-router";
import { HydrateLater } from "#app/components/hydrate-later";
import { usePageLinkNavigation } from "#app/components/page-link";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { SiteFooter } from "#app/site/components/site-footer";
import { SiteNav } from "#app/site/components/site-nav";
import type { Route } from "./+types/layout";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["footer"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

/** Navigation bar and footer around every full-site page. */
export default function SiteLayout() {
  // Their links navigate within the app once the scripts run (app/components/page-link.tsx).
  usePageLinkNavigation();
  return (
    <>
      <SiteNav />
      <Outlet />
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </>
  );
}
