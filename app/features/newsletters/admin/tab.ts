import type { DashboardTab } from "#app/lib/admin/tab";

/** Newsletters staff and admins write and send newsletters (docs/decisions/292-newsletters-tab-and-role.md). */
export const newslettersTab = {
  slug: "newsletters",
  label: "Newsletters",
  roles: ["newsletters"],
} as const satisfies DashboardTab;
