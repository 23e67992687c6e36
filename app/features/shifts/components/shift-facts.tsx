import { useLocale } from "#app/i18n/translator";

/** When and where a shift is, and its notes (plain text, line breaks kept). */
export function ShiftFacts({ when, place, notes }: { when: string; place: string; notes: string }) {
  const { t } = useLocale();
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">{t("volunteerShifts.when")}</dt>
      <dd>{when}</dd>
      <dt className="font-semibold">{t("volunteerShifts.where")}</dt>
      <dd>{place}</dd>
      {notes ? (
        <>
          <dt className="font-semibold">{t("volunteerShifts.notes")}</dt>
          <dd className="whitespace-pre-line">{notes}</dd>
        </>
      ) : null}
    </dl>
  );
}
