import type { DashboardTab } from "#app/lib/admin/tab";

/** The service finder's directory: editors keep it up to date, admins too (docs/decisions/170-the-finder-page.md). */
export const servicesTab = {
  slug: "services",
  label: "Services",
  roles: ["editor"],
} as const satisfies DashboardTab;
