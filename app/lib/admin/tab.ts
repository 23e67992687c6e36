import type { Role } from "#app/lib/auth/roles";

/**
 * A dashboard tab as its feature declares it: `roles` lists the staff roles that may open it
 * besides admin, who opens every tab; `csv` (and `moreCsv`) name the exports it offers. app/dashboard/tabs.ts puts
 * the features' tabs in display order.
 */
export interface DashboardTab {
  slug: string;
  label: string;
  roles: readonly Role[];
  csv?: string;
  /** A second export the tab offers (the Shifts tab's roster.csv). */
  moreCsv?: string;
}

/** The roles allowed on a tab, in the shape `requireRole` takes. */
export function tabRoles(tab: DashboardTab): Role[] {
  return [...tab.roles];
}
