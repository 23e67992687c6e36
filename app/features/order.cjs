/**
 * Which feature builds on which: a feature may import the front door (index.ts, index.server.ts) of
 * the features listed beside it, and no other feature. `.dependency-cruiser.cjs` makes its rules
 * from this list (run by `npm run lint`), tests/unit/feature-order.test.ts refuses a cycle in it or a
 * feature folder missing from it, and docs/architecture.md draws it
 * (docs/decisions/265-features-through-front-doors.md).
 */
module.exports = {
  accounts: [],
  beds: ["services"],
  donations: [],
  forms: ["shifts"],
  fundraisers: ["donations"],
  giving: ["donations", "fundraisers", "shifts", "tributes"],
  library: [],
  "listing-reports": ["services"],
  newsletters: ["forms"],
  pages: [],
  services: [],
  shifts: [],
  tributes: ["donations"],
  weather: [],
};
