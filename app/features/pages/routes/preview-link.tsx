import { data } from "react-router";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { now } from "#app/lib/clock.server";
import { PageView } from "../components/page-view";
import { draftForPreviewToken } from "../preview.server";
import type { Route } from "./+types/preview-link";

export const handle = {
  messages: ["pages"],
} satisfies PageMessagesHandle;

/**
 * GET /page-preview/<token>: one language's draft for someone without an account, while the link
 * lives (seven days, until that language is published); never cached, never indexed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const messages = pageMessages(request, handle);
  const found = await draftForPreviewToken(params.token, now());
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
  if (!found || found.language !== localeFromRequest(request)) {
    return data({ draft: null, language: null, messages }, { status: 404, headers });
  }
  return data({ draft: found.draft, language: found.language, messages }, { headers });
}

export const meta = () => [{ name: "robots", content: "noindex" }];

export default function PreviewLinkPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { draft, language } = loaderData;
  if (!draft || !language) {
    return (
      <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
        <h1 className="text-3xl font-bold">{t("pages.previewGone")}</h1>
      </main>
    );
  }
  return (
    <PageView
      title={draft.title}
      body={draft.body}
      shownIn={language}
      notice={
        <p className="card mb-8" role="note">
          {t("pages.previewNotice")}
        </p>
      }
    />
  );
}
