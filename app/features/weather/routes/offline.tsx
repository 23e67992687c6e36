import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/offline";

export const handle = {
  messages: ["meta"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("weather.offline.title"), noindex: true }));
}

/**
 * What the service worker shows for a page it has not saved while the phone is offline
 * (docs/decisions/182-offline-finder.md); it keeps a copy of this page at install.
 */
export default function OfflinePage() {
  const { t, href } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t("weather.offline.title")}</h1>
      <p className="mt-4">{t("weather.offline.body")}</p>
      <p className="mt-6">
        <a href={href("/find-help")} className="link">
          {t("weather.offline.finder")}
        </a>
      </p>
    </main>
  );
}
