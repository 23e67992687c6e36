/**
 * The foundation's guidelines for a fundraiser page, shown on the start form and, in English, in
 * the staff review (docs/decisions/221-fundraisers.md). Apart from rules.ts, which the dashboard's
 * browser code imports without the public pages' messages.
 */
export const GUIDELINE_KEYS = [
  "fundraising.guidelines.consent",
  "fundraising.guidelines.dignity",
  "fundraising.guidelines.honest",
] as const;
