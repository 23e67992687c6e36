/**
 * What each fundraiser page raised (docs/decisions/221-fundraisers.md): from the same succeeded,
 * refunded-less gifts as the dashboard's totals, read through donations' front door (pageTotals).
 */
import type { PageTotals } from "#app/features/donations/index.server";

/** A page no gift has been given on yet. */
export const NO_GIFTS: PageTotals = { raisedCents: 0, gifts: 0, lastGiftAt: null };
