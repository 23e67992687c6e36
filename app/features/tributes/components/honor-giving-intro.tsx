import { useLocale } from "#app/i18n/translator";

/**
 * What /honor-giving says about gifts in honour or in memory, before its donation form
 * (app/site/routes/honor-giving.tsx composes the two; docs/decisions/232-tribute-gifts.md).
 */
export function HonorGivingIntro() {
  const { t } = useLocale();
  return (
    <div className="space-y-4">
      <h1 className="text-4xl font-bold">{t("tribute.page.title")}</h1>
      <p className="text-lg">{t("tribute.page.intro")}</p>
      <h2 className="text-2xl font-bold">{t("tribute.page.howTitle")}</h2>
      <ol className="list-decimal space-y-2 pl-6">
        <li>{t("tribute.page.step1")}</li>
        <li>{t("tribute.page.step2")}</li>
        <li>{t("tribute.page.step3")}</li>
        <li>{t("tribute.page.step4")}</li>
        <li>{t("tribute.page.step5")}</li>
      </ol>
    </div>
  );
}
