import { libraryCsvFile, libraryKindDefinitions, libraryKinds } from "#app/features/library/kinds";
import type { Role } from "#app/lib/auth/roles";

/**
 * Dashboard tabs in display order: the spec's five (a tab per library kind first), then the form
 * submissions (D5) and users (D4). `roles` lists the staff roles that may open a tab besides
 * admin, who opens every tab.
 */
export const adminTabs = [
  ...libraryKinds.map((kind) => ({
    slug: kind,
    label: libraryKindDefinitions[kind].dashboard.tab,
    roles: ["editor"] as const,
    csv: libraryCsvFile(kind),
  })),
  { slug: "signups", label: "Email Signups", roles: ["finance"], csv: "subscribers.csv" },
  { slug: "donations", label: "Donations", roles: ["finance"], csv: "donations.csv" },
  { slug: "messages", label: "Messages", roles: ["editor"], csv: "messages.csv" },
  { slug: "volunteers", label: "Volunteers", roles: ["editor"], csv: "volunteers.csv" },
  { slug: "partnerships", label: "Partnerships", roles: ["editor"], csv: "partnerships.csv" },
  { slug: "users", label: "Users", roles: [] },
] as const satisfies readonly {
  slug: string;
  label: string;
  roles: readonly Role[];
  /** The CSV export the tab offers (spec 9 names). */
  csv?: string;
}[];

export type AdminTab = (typeof adminTabs)[number];
export type AdminTabSlug = AdminTab["slug"];

export type CsvFileName = Extract<AdminTab, { csv: string }>["csv"];

/** The roles allowed on a tab, in the shape `requireRole` takes. */
export function rolesFor(slug: AdminTabSlug): Role[] {
  return [...adminTabs.find((tab) => tab.slug === slug)!.roles];
}

export function canOpenTab(role: Role, tab: AdminTab): boolean {
  return role === "admin" || (tab.roles as readonly Role[]).includes(role);
}

export function tabsFor(role: Role): AdminTab[] {
  return adminTabs.filter((tab) => canOpenTab(role, tab));
}
