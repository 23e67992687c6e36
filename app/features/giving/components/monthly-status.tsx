import { useLocale } from "#app/i18n/translator";

/** A monthly gift's state in words: active, paused until a day, canceled or payment due. */
export function MonthlyStatus({
  status,
  pausedUntil,
}: {
  status: string;
  pausedUntil: Date | null;
}) {
  const { t, formatDate } = useLocale();
  if (status === "active" && pausedUntil) {
    return (
      <>
        {t("giving.monthlyStatus.paused", { date: formatDate(pausedUntil, { dateStyle: "long" }) })}
      </>
    );
  }
  if (status === "canceled") return <>{t("giving.monthlyStatus.canceled")}</>;
  if (status === "past_due") return <>{t("giving.monthlyStatus.past_due")}</>;
  return <>{t("giving.monthlyStatus.active")}</>;
}
