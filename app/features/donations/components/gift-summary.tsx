import type { GiftSummary } from "#app/features/donations/checkout.server";
import { useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";

/** The gift as the payment and success pages list it: amount, covered fee, total, frequency. */
export function GiftSummaryList({ gift }: { gift: GiftSummary }) {
  const { t, locale } = useLocale();
  const money = (cents: number) => formatCents(cents, "usd", locale);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="font-semibold">{t("payment.summary.gift")}</dt>
      <dd>{money(gift.amount)}</dd>
      {gift.feeAmount > 0 ? (
        <>
          <dt className="font-semibold">{t("payment.summary.fee")}</dt>
          <dd>{money(gift.feeAmount)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">{t("payment.summary.total")}</dt>
      <dd>
        {gift.isMonthly ? t("payment.perMonth", { amount: money(gift.total) }) : money(gift.total)}
      </dd>
      <dt className="font-semibold">{t("payment.summary.frequency")}</dt>
      <dd>{t(gift.isMonthly ? "donation.frequency.monthly" : "donation.frequency.once")}</dd>
    </dl>
  );
}
