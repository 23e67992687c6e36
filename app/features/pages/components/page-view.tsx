import type { Locale } from "#app/i18n/locales";
import { useLocale } from "#app/i18n/translator";
// Not the module's index: it brings the schema and zod, which the browser needs not.
import { RichText } from "#app/lib/rich-text/render";
import type { RichTextDoc } from "#app/lib/rich-text/schema";

/**
 * A page staff wrote, as visitors see it (docs/decisions/281-pages-drafts-and-publishing.md). A
 * Spanish address whose Spanish is not published shows the English page under a notice in Spanish,
 * the English marked as such for screen readers.
 */
export function PageView({
  title,
  body,
  shownIn,
  notTranslated = false,
  notice,
  inDashboard = false,
}: {
  title: string;
  body: RichTextDoc;
  shownIn: Locale;
  /** The page is shown in `shownIn` because the visitor's language is not published. */
  notTranslated?: boolean;
  notice?: React.ReactNode;
  /** Inside the dashboard, whose layout has the page's <main> already. */
  inDashboard?: boolean;
}) {
  const { t } = useLocale();
  const untranslated = notTranslated;
  const Frame = inDashboard ? "div" : "main";
  return (
    <Frame id={inDashboard ? undefined : "main-content"} className="mx-auto max-w-3xl px-4 py-16">
      {notice}
      {untranslated ? (
        <p className="card mb-8" role="note">
          {t("pages.notTranslated")}
        </p>
      ) : null}
      <article
        lang={untranslated ? shownIn : undefined}
        className="space-y-4 text-lg [&_a:not(.btn)]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-[var(--color-primary)] [&_blockquote]:pl-4 [&_h2]:mt-10 [&_h2]:text-3xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:text-2xl [&_h3]:font-bold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
      >
        <h1 className="text-4xl font-bold sm:text-5xl">{title}</h1>
        <RichText doc={body} />
      </article>
    </Frame>
  );
}
