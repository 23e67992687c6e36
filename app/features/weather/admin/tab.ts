import type { DashboardTab } from "#app/lib/admin/tab";

/** Editors and admins set weather banners (issue 21). */
export const weatherTab = {
  slug: "weather",
  label: "Weather",
  roles: ["editor"],
} as const satisfies DashboardTab;
