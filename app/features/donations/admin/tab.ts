import type { DashboardTab } from "#app/lib/admin/tab";

export const donationsTab = {
  slug: "donations",
  label: "Donations",
  roles: ["finance"],
  csv: "donations.csv",
} as const satisfies DashboardTab;
