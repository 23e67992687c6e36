/** Lengths and ranges of a fundraiser page's fields: the inputs' constraints and the schema's. */
export const fundraiserLimits = {
  title: 120,
  story: 5000,
  storyMin: 20,
  goalMinDollars: 100,
  goalMaxDollars: 100_000,
  /** An end date at most this many days ahead. */
  endWithinDays: 366,
  /** An owner's thank-you message to donors. */
  thanks: 2000,
} as const;
