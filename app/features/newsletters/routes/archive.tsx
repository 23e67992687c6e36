import { Link } from "react-router";
import { NewsletterForm } from "#app/features/forms/index";
import { subscribeToNewsletter } from "#app/features/forms/index.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { archiveList } from "../archive.server";
import type { Route } from "./+types/archive";

/** The footer's "get our emails": the sent newsletters, newest first, and the sign-up form. */
export const handle = {
  messages: ["meta", "newsletterArchive", "newsletter", "forms", "validation"],
} satisfies PageMessagesHandle;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("meta.newsletterArchive.title"),
    description: t("meta.newsletterArchive.description"),
  }));
}

export async function loader({ request }: Route.LoaderArgs) {
  return {
    issues: await archiveList(localeFromRequest(request)),
    messages: pageMessages(request, handle),
  };
}

export function action({ request }: Route.ActionArgs) {
  return subscribeToNewsletter(request, { source: "home", redirectTo: "/newsletter" });
}

export default function NewsletterArchive({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const { issues } = loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-4xl font-bold">{t("newsletterArchive.heading")}</h1>
      <p className="mt-4 text-lg">{t("newsletterArchive.intro")}</p>
      {issues.length === 0 ? (
        <p className="mt-8">{t("newsletterArchive.empty")}</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {issues.map((issue) => (
            <li key={issue.id} className="card">
              <Link
                to={href(`/newsletter/${issue.id}`)}
                className="link text-xl font-semibold"
                lang={issue.language}
              >
                {issue.subject}
              </Link>
              <p className="mt-1 text-[var(--color-muted)]">
                {t("newsletterArchive.sentOn", { date: issue.date })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="newsletter-sign-up" className="mt-12">
        <h2 id="newsletter-sign-up" className="text-2xl font-bold">
          {t("newsletterArchive.signUp")}
        </h2>
        <NewsletterForm variant="home" lastResult={actionData} />
      </section>
    </main>
  );
}
