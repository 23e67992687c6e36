import type { DashboardTab } from "#app/lib/admin/tab";

/** Editors and admins set weather banners (docs/decisions/180-weather-banners.md). */
export const weatherTab = {
  slug: "weather",
  label: "Weather",
  roles: ["editor"],
} as const satisfies DashboardTab;
