import type { DashboardTab } from "#app/lib/admin/tab";

/** Admins only: no other role manages accounts. */
export const usersTab = {
  slug: "users",
  label: "Users",
  roles: [],
} as const satisfies DashboardTab;
