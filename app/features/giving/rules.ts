/** How long a donor may pause a monthly gift, in months (docs/decisions/287-monthly-gift-changes.md). */
export const PAUSE_MONTHS = [1, 2, 3] as const;
