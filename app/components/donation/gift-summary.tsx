import type { GiftSummary } from "#app/lib/donations/checkout.server";
import { formatCents } from "#app/lib/money";

/** The gift as the payment and success pages list it: amount, covered fee, total, frequency. */
export function GiftSummaryList({ gift }: { gift: GiftSummary }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="font-semibold">Gift</dt>
      <dd>{formatCents(gift.amount)}</dd>
      {gift.feeAmount > 0 ? (
        <>
          <dt className="font-semibold">Card fee you cover</dt>
          <dd>{formatCents(gift.feeAmount)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Total</dt>
      <dd>
        {formatCents(gift.total)}
        {gift.isMonthly ? " per month" : ""}
      </dd>
      <dt className="font-semibold">Frequency</dt>
      <dd>{gift.isMonthly ? "Monthly" : "One-time"}</dd>
    </dl>
  );
}
