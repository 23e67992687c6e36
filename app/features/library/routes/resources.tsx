/**
 * The public /resources page: a tab per library kind, a search and pages of cards, all in the URL
 * so it works without JavaScript (docs/decisions/041-resource-browsing-and-search.md). What differs
 * per kind comes from app/features/library/kinds.ts; the cards are in
 * app/features/library/components/resource-cards.tsx, the tabs and pages in
 * app/features/library/components/resource-navigation.tsx.
 */
import { Search, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
import { Dialog, preloadDialog } from "#app/components/dialog";
import { ResourceList } from "#app/features/library/components/resource-cards";
import {
  ResourcePagination,
  ResourceTabs,
} from "#app/features/library/components/resource-navigation";
import { UPLOAD_ACTION, UploadDocumentForm } from "#app/features/library/components/upload-form";
import {
  LIBRARY_KIND_PARAM,
  libraryKindDefinitions,
  libraryKindQuery,
} from "#app/features/library/kinds";
import { publishedList } from "#app/features/library/resources.server";
import { parseResourcesSearch, resourcesHref } from "#app/features/library/resources-url";
import { MAX_SEARCH_LENGTH } from "#app/features/library/search-limits";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { getCurrentUser, isStaff } from "#app/lib/auth/session.server";
import { logger } from "#app/lib/logger.server";
import { pageMeta } from "#app/lib/seo";
import { showToast } from "#app/lib/toasts";
import type { Route } from "./+types/resources";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: [
    "contact",
    "forms",
    "meta",
    "resources",
    "toast",
    "uploadProgress",
    "uploads",
    "validation",
  ],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { tab, term, page } = parseResourcesSearch(new URL(request.url));
  const t = serverT(localeFromRequest(request));
  const base = {
    tab,
    term: term.slice(0, MAX_SEARCH_LENGTH),
    page,
    showAdminLink: isStaff(await getCurrentUser(request)),
    messages: pageMessages(request, handle),
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
  return pageMeta(args, "resources", { query: tab ? libraryKindQuery(tab) : undefined });
}

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { tab, term, list, failed, searchError, showAdminLink } = loaderData;
  const { t, href } = useLocale();
  const { label } = libraryKindDefinitions[tab].resources;
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
        {libraryKindQuery(tab) ? (
          <input type="hidden" name={LIBRARY_KIND_PARAM} value={tab} />
        ) : null}
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

      <ResourceTabs tab={tab} term={term} />

      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="sr-only">
          {term ? t("resources.resultsMatching", { kind: t(label), term }) : t(label)}
        </h2>
        {failed ? (
          <div role="alert" className="card border-[var(--color-error)]">
            <p className="font-semibold">{t("toast.error")}</p>
            <p>{t("resources.loadFailed")}</p>
          </div>
        ) : null}
        {list ? (
          <>
            <ResourceList list={list} term={term} />
            <ResourcePagination tab={tab} term={term} list={list} />
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
