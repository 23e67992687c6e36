/**
 * The staff Services tab's server side (issue 20): save, deactivate, reactivate, mark verified,
 * list. Every function validates its input and tells the page cache (servicesChanged).
 * Bodies arrive in later commits; signatures hold.
 */
import type { ServiceInput } from "./service-input";

export type SaveResult = { ok: true; id: string } | { ok: false; errors: Record<string, string[]> };

/** Creates (no `input.id`) or replaces a service with its one location, phones and openings. */
export async function saveService(_input: unknown): Promise<SaveResult> {
  throw new Error("saveService: coming in a later commit");
}

/** The stored service as the form's values, or null. */
export async function getServiceForEditing(_id: string): Promise<ServiceInput | null> {
  throw new Error("getServiceForEditing: coming in a later commit");
}

export async function deactivateService(_id: string): Promise<boolean> {
  throw new Error("deactivateService: coming in a later commit");
}

export async function reactivateService(_id: string): Promise<boolean> {
  throw new Error("reactivateService: coming in a later commit");
}

/** Sets last verified to `today` (Houston date, "YYYY-MM-DD"). */
export async function markServiceVerified(_id: string, _today: string): Promise<boolean> {
  throw new Error("markServiceVerified: coming in a later commit");
}

export interface StaffServiceRow {
  id: string;
  name: string;
  organizationName: string;
  category: string;
  status: string;
  lastVerified: string | null;
  lastModified: Date;
}

/** Every service (any status), newest change first, 50 a page; `q` as in findServices. */
export async function listServicesForStaff(_options: {
  q?: string;
  page?: number;
}): Promise<{ rows: StaffServiceRow[]; total: number }> {
  throw new Error("listServicesForStaff: coming in a later commit");
}
