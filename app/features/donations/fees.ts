/**
 * The card processing fee a donor may choose to cover (Stripe's standard US card price: 2.9% plus
 * 30 cents). Shared by the panel (to show the new total) and the server (which recomputes it and
 * never trusts a fee sent by the browser).
 */
const PERCENT_RATE = 0.029;
const FIXED_CENTS = 30;

/**
 * The fee in cents that, added to `giftCents`, leaves the whole gift after the processor takes its
 * share of the total: total = (gift + fixed) / (1 - rate), rounded up to the cent.
 */
export function coveredFeeCents(giftCents: number): number {
  const total = Math.ceil((giftCents + FIXED_CENTS) / (1 - PERCENT_RATE));
  return total - giftCents;
}

/** What the donor is charged: the gift, plus the fee when they chose to cover it. */
export function chargeCents(giftCents: number, coverFee: boolean): number {
  return giftCents + (coverFee ? coveredFeeCents(giftCents) : 0);
}
