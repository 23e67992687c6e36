import type { DashboardTab } from "#app/lib/admin/tab";

/**
 * Editors of pages and admins write the site's pages; the role opens no other tab, so it sees
 * nothing of donors or gifts (docs/decisions/282-the-pages-editor-role.md).
 */
export const pagesTab = {
  slug: "pages",
  label: "Pages",
  roles: ["pages"],
} as const satisfies DashboardTab;
