/**
 * Account roles, least privilege first (docs/decisions/050-staff-accounts-with-better-auth.md).
 * Safe for the browser: the dashboard shows role names.
 * `user` is a signed-up account without staff access; only an admin grants a staff role. `pages`
 * writes the site's pages and sees nothing of donors or gifts (docs/decisions/282-the-pages-editor-role.md).
 */
// `newsletters` writes and sends the newsletter (docs/decisions/292-newsletters-tab-and-role.md);
// `pages` writes the site's pages (docs/decisions/282-the-pages-editor-role.md).
export const roles = ["user", "editor", "finance", "newsletters", "pages", "admin"] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}
