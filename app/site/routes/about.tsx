import { Link } from "react-router";
import { DecorativeImage } from "#app/components/decorative-image";
import { PageView, writtenPageMeta } from "#app/features/pages/index";
import { publishedPage } from "#app/features/pages/index.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { useRootData } from "#app/lib/root-data";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/about";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["about", "meta", "volunteer", "pages"],
} satisfies PageMessagesHandle;

/**
 * The page below until staff publish one at /about, which then shows instead
 * (docs/decisions/281-pages-drafts-and-publishing.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const written = await publishedPage("/about", localeFromRequest(request));
  return { written, messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  const written = args.loaderData?.written;
  if (!written) return pageMeta(args, "about");
  return writtenPageMeta(args, written.page, written.publishedLanguages);
}

const history = [
  {
    when: "about.history.opening.when",
    title: "about.history.opening.title",
    text: "about.history.opening.text",
  },
  {
    when: "about.history.growth.when",
    title: "about.history.growth.title",
    text: "about.history.growth.text",
  },
  {
    when: "about.history.today.when",
    title: "about.history.today.title",
    text: "about.history.today.text",
  },
] as const;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { written } = loaderData;
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
  return <CodedAboutPage />;
}

function CodedAboutPage() {
  const { t, href } = useLocale();
  const org = useRootData()?.org.name ?? "Houston Home Foundation";
  return (
    <main id="main-content" className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-4xl font-bold sm:text-5xl">{t("about.title")}</h1>
      <p className="mt-4 text-xl">{t("about.intro", { org })}</p>

      <section aria-labelledby="mission-heading" className="mt-12">
        <h2 id="mission-heading" className="text-3xl font-bold">
          {t("about.missionHeading")}
        </h2>
        <p className="mt-4 text-lg">{t("about.mission")}</p>
        <p className="mt-4 text-lg">
          <RichMessage messageKey="about.funds" components={{ strong: <strong /> }} />
        </p>
      </section>

      <section aria-labelledby="founder-heading" className="card mt-12">
        <h2 id="founder-heading" className="text-3xl font-bold">
          {t("about.founderHeading")}
        </h2>
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
          <DecorativeImage
            src="/images/founder.svg"
            width={160}
            height={160}
            className="size-40 shrink-0 rounded-full"
          />
          <div className="space-y-3 text-lg">
            <p className="font-semibold">{t("about.founderRole")}</p>
            <p>{t("about.founderStory", { org })}</p>
            <p>{t("about.founderExperience")}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="history-heading" className="mt-12">
        <h2 id="history-heading" className="text-3xl font-bold">
          {t("about.historyHeading")}
        </h2>
        <ol className="mt-6 space-y-6 border-l-4 border-[var(--color-primary)] pl-6">
          {history.map((step) => (
            <li key={step.title}>
              <p className="text-sm font-bold uppercase tracking-wide text-[var(--color-accent-strong)]">
                {t(step.when)}
              </p>
              <h3 className="text-xl font-bold">{t(step.title)}</h3>
              <p className="mt-1 text-lg">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="help-heading" className="mt-12">
        <h2 id="help-heading" className="text-3xl font-bold">
          {t("about.joinHeading")}
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={href("/home#donate")} className="btn btn-accent">
            {t("nav.donateNow")}
          </Link>
          <Link to={href("/volunteer")} className="btn btn-outline">
            {t("volunteer.title")}
          </Link>
        </div>
      </section>
    </main>
  );
}
