/**
 * The finder's URL: its filters live in the query string so a plain GET form, a link, a bookmark
 * and a printout all carry them (docs/decisions/170-the-finder-page.md). Every parameter is checked
 * here: a bad one is reported by name and ignored, so the visitor still sees services.
 */
import type { ServiceCategory } from "#app/db/schema/services";
import type { MessageKey } from "#app/i18n/translator";

/** The parameters the finder reads; server/page-cache/policy.ts lists the same. */
export const FINDER_PARAMETERS = ["category", "open", "places", "q", "lang", "for"] as const;
type FinderParameter = (typeof FINDER_PARAMETERS)[number];

export const MAX_WORDS_LENGTH = 100;

/** Languages the filter offers, by ISO 639-1 code; their names come from Intl in each locale. */
export const FINDER_LANGUAGES = ["en", "es", "vi", "zh", "ar", "fr", "ur"] as const;

/**
 * The categories in the filter's order: the same list as the schema's serviceCategories
 * (tests/unit/find-help.test.ts holds them equal), written here so the page's script does not
 * bundle the database schema.
 */
export const FINDER_CATEGORIES = [
  "shelter",
  "food",
  "showers",
  "clinic",
  "warming-center",
  "cooling-center",
  "legal",
  "jobs",
  "other",
] as const satisfies readonly ServiceCategory[];

/** Each category's label: written out so the catalog check sees every key. */
export const categoryLabels: Record<ServiceCategory, MessageKey> = {
  shelter: "findHelp.category.shelter",
  food: "findHelp.category.food",
  showers: "findHelp.category.showers",
  clinic: "findHelp.category.clinic",
  "warming-center": "findHelp.category.warmingCenter",
  "cooling-center": "findHelp.category.coolingCenter",
  legal: "findHelp.category.legal",
  jobs: "findHelp.category.jobs",
  other: "findHelp.category.other",
};

export interface FinderQuery {
  category?: ServiceCategory;
  openNow: boolean;
  /** Only services with places available now (`places=now`). */
  placesNow: boolean;
  q: string;
  lang: string;
  for: string;
}

export interface FinderQueryError {
  parameter: FinderParameter;
  message: MessageKey;
  values: Record<string, string | number>;
}

function isCategory(value: string): value is ServiceCategory {
  return (FINDER_CATEGORIES as readonly string[]).includes(value);
}

/** Spaces collapsed; control characters (below U+0020, and DEL) become spaces. */
function words(value: string): string {
  const printable = [...value].map((char) => (char < " " || char === "\x7f" ? " " : char));
  return printable.join("").replace(/\s+/g, " ").trim();
}

/** The filters a URL asks for, and what was wrong with it (each bad parameter once). */
export function parseFinderQuery(search: URLSearchParams): {
  query: FinderQuery;
  errors: FinderQueryError[];
} {
  const errors: FinderQueryError[] = [];
  const query: FinderQuery = { openNow: false, placesNow: false, q: "", lang: "", for: "" };

  const category = search.get("category")?.trim() ?? "";
  if (category && isCategory(category)) query.category = category;
  else if (category) {
    errors.push({
      parameter: "category",
      message: "findHelp.errors.category",
      values: { value: category.slice(0, 40) },
    });
  }

  const open = search.get("open")?.trim() ?? "";
  if (open === "now") query.openNow = true;
  else if (open) errors.push({ parameter: "open", message: "findHelp.errors.open", values: {} });

  const places = search.get("places")?.trim() ?? "";
  if (places === "now") query.placesNow = true;
  else if (places) {
    errors.push({ parameter: "places", message: "findHelp.errors.places", values: {} });
  }

  for (const name of ["q", "for"] as const) {
    const value = words(search.get(name) ?? "");
    if (value.length > MAX_WORDS_LENGTH) {
      errors.push({
        parameter: name,
        message: "findHelp.errors.tooLong",
        values: { max: MAX_WORDS_LENGTH },
      });
    } else query[name] = value;
  }

  const lang = search.get("lang")?.trim().toLowerCase() ?? "";
  if (lang && /^[a-z]{2,3}$/.test(lang)) query.lang = lang;
  else if (lang) errors.push({ parameter: "lang", message: "findHelp.errors.lang", values: {} });

  return { query, errors };
}

/** The finder's URL for a query (only the parameters that filter). */
export function finderSearch(query: FinderQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.openNow) params.set("open", "now");
  if (query.placesNow) params.set("places", "now");
  if (query.q) params.set("q", query.q);
  if (query.lang) params.set("lang", query.lang);
  if (query.for) params.set("for", query.for);
  const text = params.toString();
  return text ? `?${text}` : "";
}
