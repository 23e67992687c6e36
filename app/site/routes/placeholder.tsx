import { data } from "react-router";
import { PageView, writtenPageMeta } from "#app/features/pages/index";
import { publishedPage } from "#app/features/pages/index.server";
import { localeFromRequest, unlocalizedPath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { NotFound } from "#app/site/components/not-found";
import { placeholderPages } from "#app/site/placeholder-pages";
import type { Route } from "./+types/placeholder";

/**
 * The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md): the
 * placeholder texts come with these pages only, not with every page of the layout.
 */
export const handle = {
  messages: ["meta", "placeholder", "pages"],
} satisfies PageMessagesHandle;

/**
 * Every placeholder page, from one route per locale (`/:page`, app/routes.ts): any other path of
 * one segment that no page claims gets the not-found page and its 404, as app/site/routes/
 * not-found.tsx answers longer ones (docs/decisions/187-one-route-for-the-placeholder-pages.md).
 * Once staff publish a page at the address, it shows instead of the placeholder
 * (docs/decisions/281-pages-drafts-and-publishing.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const path = unlocalizedPath(new URL(request.url).pathname);
  const messages = pageMessages(request, handle);
  if (!Object.hasOwn(placeholderPages, path)) {
    return data({ page: null, written: null, messages }, { status: 404 });
  }
  const written = await publishedPage(path, localeFromRequest(request));
  return { page: placeholderPages[path as keyof typeof placeholderPages], written, messages };
}

export function action() {
  return data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const written = args.loaderData?.written;
  if (written) return writtenPageMeta(args, written.page, written.publishedLanguages);
  return pageMeta(args, (t) =>
    page
      ? { title: t(page.title), description: t(page.sentence) }
      : { title: t("notFound.title"), noindex: true },
  );
}

export default function PlaceholderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { page, written } = loaderData;
  if (!page) return <NotFound />;
  if (written) {
    return (
      <PageView
        title={written.page.title}
        body={written.page.body}
        shownIn={written.shownIn}
        notTranslated={written.notTranslated}
      />
    );
  }
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-4xl font-bold">{t(page.title)}</h1>
      <p className="mt-4 text-lg">{t(page.sentence)}</p>
    </main>
  );
}
