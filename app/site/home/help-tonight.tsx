import { Link } from "react-router";
import { useLocale } from "#app/i18n/translator";

/**
 * "Need help tonight?": the first thing on the landing page, a short strip above the donation hero
 * so a phone shows it without scrolling (docs/decisions/170-the-finder-page.md); a plain link to the finder.
 */
export function HelpTonight() {
  const { t, href } = useLocale();
  return (
    <section
      aria-labelledby="help-tonight-heading"
      className="border-b border-[var(--color-border)] bg-[var(--color-bg)]"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div>
          {/* Not a heading: it comes before the page's h1 and is a way out, not a part of it. */}
          <p id="help-tonight-heading" className="text-lg font-bold">
            {t("landing.helpTonight.heading")}
          </p>
          <p>{t("landing.helpTonight.text")}</p>
        </div>
        <Link to={href("/find-help")} className="btn btn-primary">
          {t("landing.helpTonight.link")}
        </Link>
      </div>
    </section>
  );
}
