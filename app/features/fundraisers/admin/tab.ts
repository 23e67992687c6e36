import type { DashboardTab } from "#app/lib/admin/tab";

/**
 * Supporters' fundraiser pages (docs/decisions/221-fundraisers.md): editors, finance and admins
 * see them; editors and admins decide (`FUNDRAISER_DECIDERS`).
 */
export const fundraisersTab = {
  slug: "fundraisers",
  label: "Fundraisers",
  roles: ["editor", "finance"],
  csv: "fundraisers.csv",
} as const satisfies DashboardTab;

/** The roles that approve, reject, pause and close pages, besides admin. */
export const FUNDRAISER_DECIDERS = ["editor"] as const;

/** The longest rejection reason staff may write (it is e-mailed to the owner). */
export const REASON_MAX = 1000;

/** The roles that move a gift between pages or to the general fund, besides admin. */
export const GIFT_MOVERS = ["finance"] as const;

/** The longest note finance may give a gift's move. */
export const NOTE_MAX = 500;
