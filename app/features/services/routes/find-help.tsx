/**
 * The public service finder, /find-help and /es/find-help (docs/decisions/170-the-finder-page.md;
 * docs/decisions/170-the-finder-page.md): what is open now, how to call and how to get there,
 * filtered by a plain GET form, printable, and complete without JavaScript.
 */

import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { finderNow } from "#app/lib/clock.server";
import { pageMeta } from "#app/lib/seo";
import { FinderFilters } from "../components/finder-filters";
import { ServiceList } from "../components/service-list";
import { finderPage } from "../finder.server";
import type { Route } from "./+types/find-help";

export const handle = {
  messages: ["findHelp", "capacity", "meta"],
} satisfies PageMessagesHandle;

export const loader = ({ request }: Route.LoaderArgs) =>
  finderPage(request, finderNow(), pageMessages(request, handle));

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("findHelp.title"),
    description: t("findHelp.metaDescription"),
  }));
}

export default function FindHelpPage({ loaderData }: Route.ComponentProps) {
  const { query, errors, rows, failed } = loaderData;
  const { t, formatNumber } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-4xl font-bold">{t("findHelp.title")}</h1>
        <p className="text-lg">{t("findHelp.intro")}</p>
        <p>{t("findHelp.anyTime")}</p>
      </div>
      {errors.length > 0 ? (
        <div role="alert" className="card border-[var(--color-error)]">
          <h2 className="font-semibold">{t("findHelp.errors.heading")}</h2>
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error.parameter}>{t(error.message, error.values)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FinderFilters query={query} errors={errors} />
      <section aria-labelledby="finder-results-heading" className="space-y-4">
        <h2 id="finder-results-heading" className="text-2xl font-semibold">
          {t("findHelp.results.heading")}
        </h2>
        {failed || !rows ? (
          <p role="alert">{t("findHelp.results.loadFailed")}</p>
        ) : (
          <>
            <p>{t("findHelp.results.count", { count: formatNumber(rows.length) })}</p>
            {rows.length === 0 ? <p className="card">{t("findHelp.results.none")}</p> : null}
            <ServiceList rows={rows} />
          </>
        )}
      </section>
    </main>
  );
}
