/**
 * The links that move between views of /resources: a tab per library kind, in the kinds' order
 * with their names from kinds.ts, and the previous and next page. Plain links, not script-driven
 * ARIA tabs, so each view works without JavaScript and can be shared
 * (docs/decisions/041-resource-browsing-and-search.md).
 */
import { Link } from "react-router";
import {
  type LibraryKind,
  libraryKindDefinitions,
  libraryKinds,
} from "#app/features/library/kinds";
import { resourcesHref } from "#app/features/library/resources-url";
import { useLocale } from "#app/i18n/translator";

/** The tab links, the open one marked as the current page; the search term is kept. */
export function ResourceTabs({ tab, term }: { tab: LibraryKind; term: string }) {
  const { t, href } = useLocale();
  return (
    <nav aria-label={t("resources.types")} className="mt-8 border-b border-[var(--color-border)]">
      <ul className="flex flex-wrap gap-1">
        {libraryKinds.map((id) => (
          <li key={id}>
            <Link
              to={href(resourcesHref({ tab: id, term, page: 1 }))}
              aria-current={id === tab ? "page" : undefined}
              className={`-mb-px inline-block rounded-t-md border-b-4 px-4 py-2 font-semibold ${
                id === tab
                  ? "border-[var(--color-primary)] text-[var(--color-primary)]"
                  : "border-transparent text-[var(--color-text)] hover:border-[var(--color-border)]"
              }`}
            >
              {t(libraryKindDefinitions[id].resources.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous and next page of a tab's results; nothing when everything fits on one page. */
export function ResourcePagination({
  tab,
  term,
  list,
}: {
  tab: LibraryKind;
  term: string;
  list: { page: number; hasNext: boolean };
}) {
  const { t, href, formatNumber } = useLocale();
  if (list.page === 1 && !list.hasNext) return null;
  return (
    <nav aria-label={t("resources.pages")} className="mt-8 flex items-center justify-between gap-4">
      {list.page > 1 ? (
        <Link
          to={href(resourcesHref({ tab, term, page: list.page - 1 }))}
          className="btn btn-outline"
        >
          {t("resources.previousPage")}
        </Link>
      ) : (
        <span />
      )}
      <p aria-current="page">{t("resources.page", { page: formatNumber(list.page) })}</p>
      {list.hasNext ? (
        <Link
          to={href(resourcesHref({ tab, term, page: list.page + 1 }))}
          className="btn btn-outline"
        >
          {t("resources.nextPage")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
