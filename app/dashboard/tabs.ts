import { usersTab } from "#app/features/accounts/index";
import { donationsTab } from "#app/features/donations/index";
import { messagesTab, partnershipsTab, signupsTab, volunteersTab } from "#app/features/forms/index";
import { fundraisersTab } from "#app/features/fundraisers/index";
import { libraryTabs } from "#app/features/library/index";
import { newslettersTab } from "#app/features/newsletters/index";
import { pagesTab } from "#app/features/pages/index";
import { servicesTab } from "#app/features/services/index";
import { shiftsTab } from "#app/features/shifts/index";
import { weatherTab } from "#app/features/weather/index";
import { type DashboardTab, tabRoles } from "#app/lib/admin/tab";
import type { Role } from "#app/lib/auth/roles";

/**
 * Dashboard tabs in display order: the five lists the dashboard began with (a tab per library kind
 * first), the newsletters beside their sign-ups, then the form submissions, the service finder's
 * directory, the weather banners, the pages staff write and users
 * (docs/decisions/060-dashboard-structure.md). Each
 * feature declares its own tabs (app/features/<name>/admin/).
 */
export const adminTabs = [
  ...libraryTabs,
  signupsTab,
  newslettersTab,
  donationsTab,
  messagesTab,
  volunteersTab,
  partnershipsTab,
  fundraisersTab,
  shiftsTab,
  servicesTab,
  weatherTab,
  pagesTab,
  usersTab,
] as const satisfies readonly DashboardTab[];

export type AdminTab = (typeof adminTabs)[number];
export type AdminTabSlug = AdminTab["slug"];

export type CsvFileName =
  | Extract<AdminTab, { csv: string }>["csv"]
  | Extract<AdminTab, { moreCsv: string }>["moreCsv"];

/** The roles allowed on a tab, in the shape `requireRole` takes. */
export function rolesFor(slug: AdminTabSlug): Role[] {
  return tabRoles(adminTabs.find((tab) => tab.slug === slug)!);
}

export function canOpenTab(role: Role, tab: AdminTab): boolean {
  return role === "admin" || (tab.roles as readonly Role[]).includes(role);
}

export function tabsFor(role: Role): AdminTab[] {
  return adminTabs.filter((tab) => canOpenTab(role, tab));
}
