/**
 * A fundraiser page's life (docs/decisions/221-fundraisers.md): draft (e-mail not confirmed) ->
 * pending (waiting for staff) -> approved or rejected; an approved page may be paused or closed,
 * and a paused one approved again.
 */
export const FUNDRAISER_STATUSES = [
  "draft",
  "pending",
  "approved",
  "rejected",
  "paused",
  "closed",
] as const;
export type FundraiserStatus = (typeof FUNDRAISER_STATUSES)[number];

/** The statuses whose page the public sees: paused and closed pages say so and take no gifts. */
export const PUBLIC_STATUSES: readonly string[] = ["approved", "paused", "closed"];

/** The moves staff may make, by the status a page has now. */
const STAFF_MOVES: Record<string, readonly FundraiserStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["paused", "closed"],
  paused: ["closed"],
};

export function staffCanMove(from: string, to: FundraiserStatus): boolean {
  return STAFF_MOVES[from]?.includes(to) ?? false;
}
