import { useLocale } from "#app/i18n/translator";
import { GUIDELINE_KEYS } from "../guidelines";

/** The foundation's guidelines, as the start form shows them. */
export function Guidelines({ headingId }: { headingId: string }) {
  const { t } = useLocale();
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId} className="text-2xl font-bold">
        {t("fundraising.guidelines.heading")}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {GUIDELINE_KEYS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </section>
  );
}
