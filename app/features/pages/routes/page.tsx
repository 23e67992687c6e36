import { data } from "react-router";
import { localeFromRequest, unlocalizedPath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { isNewPagePath } from "../addresses";
import { PageView } from "../components/page-view";
import { writtenPageMeta } from "../meta";
import { publishedPage } from "../pages.server";
import type { Route } from "./+types/page";

export const handle = {
  messages: ["meta", "pages"],
} satisfies PageMessagesHandle;

/** GET /p/<slug>: a page staff added, once published (docs/decisions/281-pages-drafts-and-publishing.md). */
export async function loader({ request }: Route.LoaderArgs) {
  const path = unlocalizedPath(new URL(request.url).pathname);
  const messages = pageMessages(request, handle);
  const written = isNewPagePath(path)
    ? await publishedPage(path, localeFromRequest(request))
    : null;
  // The root's error boundary draws the not-found page.
  if (!written) throw data(null, { status: 404 });
  return { written, messages };
}

export function meta(args: Route.MetaArgs) {
  const written = args.loaderData?.written;
  if (!written) return [];
  return writtenPageMeta(args, written.page, written.publishedLanguages);
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { written } = loaderData;
  return (
    <PageView
      title={written.page.title}
      body={written.page.body}
      shownIn={written.shownIn}
      notTranslated={written.notTranslated}
    />
  );
}
