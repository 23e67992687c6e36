import type { DashboardTab } from "#app/lib/admin/tab";
import { type LibraryKind, libraryCsvFile, libraryKindDefinitions, libraryKinds } from "../kinds";

function libraryTab<Kind extends LibraryKind>(kind: Kind) {
  return {
    slug: kind,
    label: libraryKindDefinitions[kind].dashboard.tab,
    roles: ["editor"] as const,
    csv: libraryCsvFile(kind),
  } satisfies DashboardTab;
}

/** A tab per library kind, in the library's tab order. */
export const libraryTabs = libraryKinds.map(libraryTab);

export function libraryTabFor(kind: LibraryKind): DashboardTab {
  return libraryTabs.find((tab) => tab.slug === kind)!;
}
