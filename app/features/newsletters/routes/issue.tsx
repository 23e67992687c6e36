import { data, Link } from "react-router";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
// The renderer alone: the module's index brings its Zod schema, which the page does not need.
import { RichText } from "#app/lib/rich-text/render";
import { pageMeta } from "#app/lib/seo";
import { archiveIssue } from "../archive.server";
import type { Route } from "./+types/issue";

/** One sent newsletter at its own address, in the page's language when it was sent in it. */
export const handle = {
  messages: ["meta", "newsletterArchive"],
} satisfies PageMessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const issue = await archiveIssue(params.id, localeFromRequest(request));
  const messages = pageMessages(request, handle);
  if (!issue) return data({ issue: null, messages }, { status: 404 });
  return { issue, messages };
}

export function meta(args: Route.MetaArgs) {
  const issue = args.loaderData?.issue;
  return pageMeta(args, (t) =>
    issue ? { title: issue.subject } : { title: t("notFound.title"), noindex: true },
  );
}

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const { issue } = loaderData;
  if (!issue) {
    return (
      <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
        <h1 className="text-4xl font-bold">{t("newsletterArchive.notFound")}</h1>
        <p className="mt-4">
          <Link to={href("/newsletter")} className="link">
            {t("newsletterArchive.back")}
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <p>
        <Link to={href("/newsletter")} className="link">
          {t("newsletterArchive.back")}
        </Link>
      </p>
      <article lang={issue.language} className="prose mt-6">
        <h1 className="text-4xl font-bold">{issue.subject}</h1>
        <p className="mt-2 text-[var(--color-muted)]">
          {t("newsletterArchive.sentOn", { date: issue.date })}
        </p>
        <div className="mt-8">
          <RichText doc={issue.body} />
        </div>
      </article>
      {issue.other ? (
        <p className="mt-8">
          <Link
            to={localizePath(`/newsletter/${issue.id}`, issue.other)}
            className="link"
            lang={issue.other}
            hrefLang={issue.other}
          >
            {t("newsletterArchive.otherLanguage")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}
