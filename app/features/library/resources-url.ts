/**
 * The state of the /resources page lives in its URL, so every view works without JavaScript and
 * can be shared (docs/decisions/041-resource-browsing-and-search.md): what a URL asks for, and the
 * URL of a tab, search and page. The loader reads it and the page's links write it, so it holds
 * no server code; the tab parameter belongs to the library kinds (kinds.ts).
 */
import { type LibraryKind, libraryKindFromSearch, libraryKindQuery } from "./kinds";

/** Deep pages beyond this are refused rather than scanned. */
const MAX_PAGE = 10_000;

// A NUL byte would make PostgreSQL refuse the query; no control character belongs in a search.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A view of /resources: the open tab, the search term ("" for none) and the page number. */
export interface ResourcesView {
  tab: LibraryKind;
  term: string;
  page: number;
}

/** The view a /resources URL asks for; anything unusable falls back to the default. */
export function parseResourcesSearch(url: URL): ResourcesView {
  const tab = libraryKindFromSearch(url.searchParams);
  const term = (url.searchParams.get("q") ?? "").replace(CONTROL_CHARACTERS, " ").trim();
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  return { tab, term, page };
}

/**
 * The /resources URL for a tab, search and page, in the default locale (callers localize it);
 * defaults are left out so links stay short.
 */
export function resourcesHref({ tab, term, page }: ResourcesView) {
  const params = new URLSearchParams(libraryKindQuery(tab));
  if (term) params.set("q", term);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/resources?${query}` : "/resources";
}
