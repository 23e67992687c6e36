import { Form, Link } from "react-router";
import { openFundraisers } from "#app/features/fundraisers/public-pages.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { FundraiserProgress } from "../components/progress";
import type { Route } from "./+types/give-to-fundraiser";

export const handle = {
  messages: ["fundraising", "meta"],
} satisfies PageMessagesHandle;

/** The longest search kept; a longer one is cut, as a search box's maxLength would. */
const QUERY_MAX = 100;

/**
 * /give-to-fundraiser: approved pages that take gifts, most recent activity first, searched by
 * title or owner name with a plain GET form (docs/decisions/221-fundraisers.md). Cached without
 * `?q=` under the "fundraisers" topic.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, QUERY_MAX);
  return {
    query,
    fundraisers: await openFundraisers(query),
    messages: pageMessages(request, handle),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("fundraising.list.title"),
    description: t("fundraising.list.intro"),
  }));
}

export default function GiveToFundraiserPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const { query, fundraisers } = loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <div>
        <h1 className="text-4xl font-bold">{t("fundraising.list.title")}</h1>
        <p className="mt-3 text-lg">{t("fundraising.list.intro")}</p>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="field grow">
          <label htmlFor="fundraiser-search" className="field-label">
            {t("fundraising.list.searchLabel")}
          </label>
          <input
            id="fundraiser-search"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={QUERY_MAX}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {t("fundraising.list.searchButton")}
        </button>
      </Form>
      <section aria-labelledby="results-heading" className="space-y-4">
        <h2 id="results-heading" className="text-2xl font-bold">
          {query ? t("fundraising.list.resultsFor", { query }) : t("fundraising.list.open")}
        </h2>
        {fundraisers.length === 0 ? (
          <p>{t(query ? "fundraising.list.noResults" : "fundraising.list.none")}</p>
        ) : (
          <ul className="space-y-4">
            {fundraisers.map((fundraiser) => (
              <li key={fundraiser.slug} className="card space-y-3">
                <h3 className="text-xl font-semibold">
                  <Link to={href(`/fundraise/${fundraiser.slug}`)} className="link">
                    {fundraiser.title}
                  </Link>
                </h3>
                <p>{t("fundraising.page.by", { name: fundraiser.ownerFirstName })}</p>
                <FundraiserProgress {...fundraiser} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to={href("/fundraise")} className="link">
          {t("fundraising.list.start")}
        </Link>
      </p>
    </main>
  );
}
