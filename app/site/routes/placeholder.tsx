import { data } from "react-router";
import { unlocalizedPath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { placeholderPages } from "#app/site/navigation";
import type { Route } from "./+types/placeholder";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["meta"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  const path = unlocalizedPath(new URL(request.url).pathname);
  const page = Object.hasOwn(placeholderPages, path)
    ? placeholderPages[path as keyof typeof placeholderPages]
    : null;
  if (!page) throw data(null, { status: 404 });
  return { ...page, messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  return pageMeta(args, (t) => ({
    title: page ? t(page.title) : t("notFound.title"),
    description: page ? t(page.sentence) : undefined,
  }));
}

export default function PlaceholderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-4xl font-bold">{t(loaderData.title)}</h1>
      <p className="mt-4 text-lg">{t(loaderData.sentence)}</p>
    </main>
  );
}
