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

/** The owner's moves by the management link: pause, take gifts again, or close for good. */
const OWNER_MOVES: Record<string, readonly FundraiserStatus[]> = {
  approved: ["paused", "closed"],
  paused: ["approved", "closed"],
};

export function ownerCanMove(from: string, to: FundraiserStatus): boolean {
  return OWNER_MOVES[from]?.includes(to) ?? false;
}

/** The statuses whose story, goal and end date the owner may still change. */
export const EDITABLE_STATUSES: readonly string[] = ["pending", "approved", "paused"];

/** Where an edit of the story waits for staff: a page the public already sees. */
export const REVIEWED_EDIT_STATUSES: readonly string[] = ["approved", "paused"];
