import type { DashboardTab } from "#app/lib/admin/tab";

/** Volunteer shifts (docs/decisions/241-shifts-tab.md): editors and admins. */
export const shiftsTab = {
  slug: "shifts",
  label: "Shifts",
  roles: ["editor"],
  csv: "shifts.csv",
  moreCsv: "roster.csv",
} as const satisfies DashboardTab;

/** A cancellation this close to the start is flagged on the roster. */
export const LATE_CANCEL_HOURS = 24;
