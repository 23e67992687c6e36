import type { Role } from "#app/lib/auth/roles";

/**
 * Who manages counts, update links and reports: the Services tab's roles (editors, and admins who
 * open every tab), as app/features/services/admin/tab.ts declares them; tests/unit/beds-access.test.ts
 * holds the two equal. The pages live under the Services tab, /admin/services/<id>/beds.
 */
export const BEDS_STAFF_ROLES: Role[] = ["editor"];
