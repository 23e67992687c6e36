/**
 * Donation statuses and the only moves between them (docs/decisions/070-donation-payment-flow.md).
 * Payment events can arrive late, twice or out of order; a move not listed here is ignored, so a
 * late "payment_failed" never undoes a success and a late "succeeded" never revives a refunded
 * gift.
 */
export const DONATION_STATUSES = [
  "pending",
  "processing",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

const ALLOWED_MOVES: Record<DonationStatus, readonly DonationStatus[]> = {
  // Waiting for the donor: any outcome may follow.
  pending: ["processing", "succeeded", "failed", "canceled", "refunded"],
  // A bank debit settles days later, or fails.
  processing: ["succeeded", "failed", "canceled", "refunded"],
  // The donor may try another card on the same payment.
  failed: ["processing", "succeeded", "canceled", "refunded"],
  succeeded: ["refunded"],
  canceled: [],
  refunded: [],
};

export function canMove(from: DonationStatus, to: DonationStatus): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

export function isDonationStatus(value: string): value is DonationStatus {
  return (DONATION_STATUSES as readonly string[]).includes(value);
}

/** Catalog keys of the statuses as donors see them, on the success and gift-management pages. */
export const STATUS_LABEL_KEYS = {
  pending: "payment.status.pending",
  processing: "payment.status.processing",
  succeeded: "payment.status.succeeded",
  failed: "payment.status.failed",
  canceled: "payment.status.canceled",
  refunded: "payment.status.refunded",
} as const satisfies Record<DonationStatus, string>;

/** The catalog key of a status's label, for any stored value. */
export function statusLabelKey(status: string) {
  return isDonationStatus(status) ? STATUS_LABEL_KEYS[status] : STATUS_LABEL_KEYS.pending;
}

/**
 * "Succeeded": statuses are shown capitalised (docs/decisions/080-donations-for-finance-staff.md);
 * the staff dashboard's English label.
 */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
