import { useId } from "react";
import { useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";

/** Raised, the number of gifts, and, when the owner shows it, the goal with a progress bar. */
export function FundraiserProgress({
  raisedCents,
  gifts,
  goalCents,
  showProgress,
}: {
  raisedCents: number;
  gifts: number;
  goalCents: number;
  showProgress: boolean;
}) {
  const { t, locale } = useLocale();
  const labelId = useId();
  const money = (cents: number) => formatCents(cents, "usd", locale);
  const raised = t(gifts === 1 ? "fundraising.page.raisedOne" : "fundraising.page.raisedMany", {
    amount: money(raisedCents),
    gifts,
  });
  return (
    <div className="space-y-2">
      <p id={labelId} className="text-2xl font-bold">
        {raised}
      </p>
      {showProgress ? (
        <>
          <progress
            aria-labelledby={labelId}
            value={Math.min(raisedCents, goalCents)}
            max={goalCents}
            className="h-4 w-full accent-[var(--color-primary)]"
          />
          <p>{t("fundraising.page.goal", { goal: money(goalCents) })}</p>
        </>
      ) : null}
    </div>
  );
}
