import { Download, ExternalLink, FileText, Search, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
import { Dialog, preloadDialog } from "#app/components/dialog";
import { UPLOAD_ACTION, UploadDocumentForm } from "#app/features/library/components/upload-form";
import {
  defaultLibraryKind,
  isLibraryKind,
  type LibraryKind,
  libraryKinds,
} from "#app/features/library/kinds";
import { publishedList } from "#app/features/library/resources.server";
import { MAX_SEARCH_LENGTH } from "#app/features/library/search-limits";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import { useLocale } from "#app/i18n/translator";
import { getCurrentUser, isStaff } from "#app/lib/auth/session.server";
import { logger } from "#app/lib/logger.server";
import { pageMeta } from "#app/lib/seo";
import { showToast } from "#app/lib/toasts";
import type { Route } from "./+types/resources";

const tabs = {
  documents: {
    label: "resources.documents.label",
    noMatch: "resources.documents.noMatch",
    none: "resources.documents.none",
  },
  statistics: {
    label: "resources.statistics.label",
    noMatch: "resources.statistics.noMatch",
    none: "resources.statistics.none",
  },
  links: {
    label: "resources.links.label",
    noMatch: "resources.links.noMatch",
    none: "resources.links.none",
  },
} as const satisfies Record<LibraryKind, unknown>;
type Tab = LibraryKind;
const tabIds = libraryKinds;

/** Deep pages beyond this are refused rather than scanned. */
const MAX_PAGE = 10_000;

// A NUL byte would make PostgreSQL refuse the query; no control character belongs in a search.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

function parseSearch(url: URL) {
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = isLibraryKind(tabParam) ? tabParam : defaultLibraryKind;
  const term = (url.searchParams.get("q") ?? "").replace(CONTROL_CHARACTERS, " ").trim();
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  return { tab, term, page };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { tab, term, page } = parseSearch(new URL(request.url));
  const t = serverT(localeFromRequest(request));
  const base = {
    tab,
    term: term.slice(0, MAX_SEARCH_LENGTH),
    page,
    showAdminLink: isStaff(await getCurrentUser(request)),
  };
  if (term.length > MAX_SEARCH_LENGTH) {
    return data(
      {
        ...base,
        list: null,
        failed: false,
        searchError: t("resources.searchTooLong", { max: MAX_SEARCH_LENGTH }),
      },
      { status: 400 },
    );
  }
  try {
    const list = await publishedList(tab, { term, page });
    return data({ ...base, list, failed: false, searchError: null });
  } catch (error) {
    logger.error({ err: error }, "loading resources failed");
    return data({ ...base, list: null, failed: true, searchError: null }, { status: 503 });
  }
}

export function meta(args: Route.MetaArgs) {
  const tab = args.loaderData?.tab;
  // Each tab is a list worth sharing on its own; a search or a page number is not.
  return pageMeta(args, "resources", {
    query: tab && tab !== defaultLibraryKind ? { tab } : undefined,
  });
}

/**
 * The /resources URL for a tab, search and page, in the default locale (callers localize it);
 * defaults are left out so links stay short.
 */
function resourcesHref({ tab, term, page }: { tab: Tab; term: string; page: number }) {
  const params = new URLSearchParams();
  if (tab !== defaultLibraryKind) params.set("tab", tab);
  if (term) params.set("q", term);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/resources?${query}` : "/resources";
}

/** Only web addresses become links; anything else (e.g. javascript:) is shown as text or dropped. */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type List = NonNullable<LoaderData["list"]>;

function DocumentCards({ items }: { items: Extract<List, { kind: "documents" }>["items"] }) {
  const { t } = useLocale();
  return items.map((item) => (
    <li key={item.id} className="card flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <FileText aria-hidden="true" className="mt-1 size-6 shrink-0 text-[var(--color-primary)]" />
        <h3 className="text-lg font-semibold">{item.title}</h3>
      </div>
      {item.description ? <p>{item.description}</p> : null}
      <p className="text-sm text-[var(--color-muted)]">
        {item.fileType} · {item.fileSize}
      </p>
      <a href={item.fileUrl} className="btn btn-outline mt-auto self-start" download>
        <Download aria-hidden="true" className="size-4" />
        {t("resources.download")}
        <span className="sr-only"> {item.title}</span>
      </a>
    </li>
  ));
}

function StatisticCards({ items }: { items: Extract<List, { kind: "statistics" }>["items"] }) {
  const { t } = useLocale();
  return items.map((item) => {
    const sourceUrl = webUrl(item.sourceUrl);
    return (
      <li key={item.id} className="card flex flex-col gap-3">
        <h3 className="text-lg font-semibold">{item.title}</h3>
        <p>{item.description}</p>
        <p className="mt-auto text-sm text-[var(--color-muted)]">
          {t("resources.source")}{" "}
          {sourceUrl ? (
            <a href={sourceUrl} className="link" target="_blank" rel="noopener noreferrer">
              {item.source}
              <span className="sr-only"> {t("resources.newTab")}</span>
            </a>
          ) : (
            item.source
          )}
          {item.date ? <> · {item.date}</> : null}
        </p>
      </li>
    );
  });
}

function LinkCards({ items }: { items: Extract<List, { kind: "links" }>["items"] }) {
  const { t } = useLocale();
  return items.map((item) => {
    const url = webUrl(item.url);
    return (
      <li key={item.id} className="card flex flex-col gap-3">
        <p className="self-start rounded-full bg-[var(--color-surface-strong)] px-3 py-0.5 text-sm font-medium">
          {item.category || t("resources.defaultCategory")}
        </p>
        <h3 className="text-lg font-semibold">{item.title}</h3>
        <p>{item.description}</p>
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-outline mt-auto self-start"
          >
            {t("resources.visit")}
            <span className="sr-only">
              {" "}
              {t("resources.visitOf", { title: item.title })} {t("resources.newTab")}
            </span>
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
      </li>
    );
  });
}

function ResultList({ list, term }: { list: List; term: string }) {
  const { t } = useLocale();
  if (list.items.length === 0) {
    return (
      <p className="card text-center text-[var(--color-muted)]">
        {t(term ? tabs[list.kind].noMatch : tabs[list.kind].none)}
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.kind === "documents" ? <DocumentCards items={list.items} /> : null}
      {list.kind === "statistics" ? <StatisticCards items={list.items} /> : null}
      {list.kind === "links" ? <LinkCards items={list.items} /> : null}
    </ul>
  );
}

function Pagination({ tab, term, list }: { tab: Tab; term: string; list: List }) {
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

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { tab, term, list, failed, searchError, showAdminLink } = loaderData;
  const { t, href } = useLocale();
  const location = useLocation();
  // The dialog belongs to the page view it was opened on: the redirect after a successful upload
  // is a new location, which closes it.
  const [dialogFor, setDialogFor] = useState<string | null>(null);

  useEffect(() => {
    if (failed) showToast.error(t("toast.error"), { description: t("resources.loadFailed") });
  }, [failed, t]);

  return (
    <main id="main-content" className="mx-auto max-w-6xl px-4 py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold">{t("resources.title")}</h1>
          <p className="mt-2 max-w-2xl text-lg text-[var(--color-muted)]">{t("resources.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {showAdminLink ? (
            <Link to="/admin" className="btn btn-outline">
              {t("resources.adminDashboard")}
            </Link>
          ) : null}
          {/* Without JavaScript this is a link to the upload page; with it, it opens the dialog. */}
          <Link
            to={href(UPLOAD_ACTION)}
            className="btn btn-primary"
            aria-haspopup="dialog"
            onClick={(event) => {
              event.preventDefault();
              setDialogFor(location.key);
            }}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
          >
            <Upload aria-hidden="true" className="size-4" />
            {t("resources.upload.button")}
          </Link>
        </div>
      </div>

      <Form
        method="get"
        action={href("/resources")}
        role="search"
        className="mt-8 flex flex-wrap gap-3"
      >
        {tab !== defaultLibraryKind ? <input type="hidden" name="tab" value={tab} /> : null}
        <label htmlFor="resource-search" className="sr-only">
          {t("resources.searchLabel")}
        </label>
        <input
          key={term}
          id="resource-search"
          type="search"
          name="q"
          defaultValue={term}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t("resources.searchPlaceholder")}
          aria-describedby={searchError ? "search-error" : undefined}
          aria-invalid={searchError ? true : undefined}
          className="field-input max-w-xl flex-1"
        />
        <button type="submit" className="btn btn-primary">
          <Search aria-hidden="true" className="size-4" />
          {t("resources.search")}
        </button>
        {term ? (
          <Link to={href(resourcesHref({ tab, term: "", page: 1 }))} className="btn btn-outline">
            {t("resources.clearSearch")}
          </Link>
        ) : null}
      </Form>
      {searchError ? (
        <p id="search-error" role="alert" className="mt-2 font-medium text-[var(--color-error)]">
          {searchError}
        </p>
      ) : null}

      <nav aria-label={t("resources.types")} className="mt-8 border-b border-[var(--color-border)]">
        <ul className="flex flex-wrap gap-1">
          {tabIds.map((id) => (
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
                {t(tabs[id].label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="sr-only">
          {term
            ? t("resources.resultsMatching", { kind: t(tabs[tab].label), term })
            : t(tabs[tab].label)}
        </h2>
        {failed ? (
          <div role="alert" className="card border-[var(--color-error)]">
            <p className="font-semibold">{t("toast.error")}</p>
            <p>{t("resources.loadFailed")}</p>
          </div>
        ) : null}
        {list ? (
          <>
            <ResultList list={list} term={term} />
            <Pagination tab={tab} term={term} list={list} />
          </>
        ) : null}
      </section>

      <section className="card mt-12 bg-[var(--color-surface)] text-center">
        <h2 className="text-2xl font-bold">{t("resources.helpHeading")}</h2>
        <p className="mt-2">{t("resources.helpText")}</p>
        <Link to={href("/contact")} className="btn btn-primary mt-4">
          {t("contact.title")}
        </Link>
      </section>

      <Dialog
        open={dialogFor === location.key}
        onOpenChange={(open) => setDialogFor(open ? location.key : null)}
        title={t("resources.upload.button")}
        description={t("resources.upload.intro")}
      >
        <UploadDocumentForm />
      </Dialog>
    </main>
  );
}
