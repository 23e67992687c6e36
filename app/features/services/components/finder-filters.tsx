/**
 * The finder's filters: a plain GET form in a native disclosure, so every filter works without
 * JavaScript and its state is the URL (docs/decisions/170-the-finder-page.md). A parameter the server refused is shown
 * with its message beside its field.
 */
import { Form, Link } from "react-router";
import { useLocale } from "#app/i18n/translator";
import {
  categoryLabels,
  FINDER_CATEGORIES,
  FINDER_LANGUAGES,
  type FinderQuery,
  type FinderQueryError,
  MAX_WORDS_LENGTH,
} from "../finder-query";
import { languageLabel } from "./service-card";

function FilterError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-[var(--color-error)]">
      {message}
    </p>
  ) : null;
}

/** A filter of words (`q`, `for`): a search field with its hint and the server's message. */
function WordsFilter({
  name,
  label,
  hint,
  value,
  error,
}: {
  name: "q" | "for";
  label: string;
  hint: string;
  value: string | undefined;
  error: string | null;
}) {
  const hintId = `finder-${name}-hint`;
  const errorId = `finder-${name}-error`;
  return (
    <div className="field">
      <label htmlFor={`finder-${name}`} className="field-label">
        {label}
      </label>
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      <input
        id={`finder-${name}`}
        type="search"
        name={name}
        defaultValue={value}
        maxLength={MAX_WORDS_LENGTH}
        className="field-input"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
      />
      <FilterError id={errorId} message={error} />
    </div>
  );
}

export function FinderFilters({
  query,
  errors,
}: {
  query: FinderQuery;
  errors: FinderQueryError[];
}) {
  const { t, href, locale } = useLocale();
  const errorOf = (parameter: FinderQueryError["parameter"]) => {
    const error = errors.find((item) => item.parameter === parameter);
    return error ? t(error.message, error.values) : null;
  };
  const described = (parameter: FinderQueryError["parameter"], hint?: string) =>
    [hint, errorOf(parameter) ? `finder-${parameter}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  const filtered =
    query.category || query.openNow || query.placesNow || query.q || query.lang || query.for;
  return (
    // Closed until used, so on a phone the first services show without scrolling past the form;
    // a native disclosure, so it opens without JavaScript.
    <details className="card print:hidden" open={Boolean(filtered) || errors.length > 0}>
      <summary className="cursor-pointer text-xl font-semibold">
        {t("findHelp.filters.heading")}
      </summary>
      <Form method="get" action={href("/find-help")} className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="field">
          <label htmlFor="finder-category" className="field-label">
            {t("findHelp.filters.category")}
          </label>
          <select
            id="finder-category"
            name="category"
            defaultValue={query.category ?? ""}
            className="field-input"
            aria-describedby={described("category")}
            aria-invalid={errorOf("category") ? true : undefined}
          >
            <option value="">{t("findHelp.filters.anyCategory")}</option>
            {FINDER_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(categoryLabels[category])}
              </option>
            ))}
          </select>
          <FilterError id="finder-category-error" message={errorOf("category")} />
        </div>
        <div className="flex flex-wrap items-center gap-2 self-end">
          <input
            id="finder-open"
            type="checkbox"
            name="open"
            value="now"
            defaultChecked={query.openNow}
            className="size-5"
            aria-describedby={described("open")}
          />
          <label htmlFor="finder-open" className="font-medium">
            {t("findHelp.filters.openNow")}
          </label>
          <FilterError id="finder-open-error" message={errorOf("open")} />
        </div>
        <div className="flex flex-wrap items-center gap-2 self-end">
          <input
            id="finder-places"
            type="checkbox"
            name="places"
            value="now"
            defaultChecked={query.placesNow}
            className="size-5"
            aria-describedby={described("places")}
          />
          <label htmlFor="finder-places" className="font-medium">
            {t("findHelp.filters.places")}
          </label>
          <FilterError id="finder-places-error" message={errorOf("places")} />
        </div>
        <WordsFilter
          name="q"
          label={t("findHelp.filters.q")}
          hint={t("findHelp.filters.qHint")}
          value={query.q}
          error={errorOf("q")}
        />
        <WordsFilter
          name="for"
          label={t("findHelp.filters.for")}
          hint={t("findHelp.filters.forHint")}
          value={query.for}
          error={errorOf("for")}
        />
        <div className="field">
          <label htmlFor="finder-lang" className="field-label">
            {t("findHelp.filters.lang")}
          </label>
          <select
            id="finder-lang"
            name="lang"
            defaultValue={query.lang}
            className="field-input"
            aria-describedby={described("lang")}
            aria-invalid={errorOf("lang") ? true : undefined}
          >
            <option value="">{t("findHelp.filters.anyLanguage")}</option>
            {FINDER_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageLabel(code, locale)}
              </option>
            ))}
          </select>
          <FilterError id="finder-lang-error" message={errorOf("lang")} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <button type="submit" className="btn btn-primary">
            {t("findHelp.filters.submit")}
          </button>
          {filtered || errors.length > 0 ? (
            <Link to={href("/find-help")} className="btn btn-outline">
              {t("findHelp.filters.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
