import type { DashboardTab } from "#app/lib/admin/tab";

export const signupsTab = {
  slug: "signups",
  label: "Email Signups",
  roles: ["finance"],
  csv: "subscribers.csv",
} as const satisfies DashboardTab;

export const messagesTab = {
  slug: "messages",
  label: "Messages",
  roles: ["editor"],
  csv: "messages.csv",
} as const satisfies DashboardTab;

export const volunteersTab = {
  slug: "volunteers",
  label: "Volunteers",
  roles: ["editor"],
  csv: "volunteers.csv",
} as const satisfies DashboardTab;

export const partnershipsTab = {
  slug: "partnerships",
  label: "Partnerships",
  roles: ["editor"],
  csv: "partnerships.csv",
} as const satisfies DashboardTab;
