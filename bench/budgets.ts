/**
 * The most JavaScript a first visit to each page may fetch, held by `npm test` through
 * `npm run budget` (bench/first-visit-budget.ts; docs/decisions/264-first-visit-budgets.md).
 * Bytes: the scripts the page's HTML names (the build's manifest, the client entry and its
 * imports, each matched route's module and imports), each as the server sends it to a browser
 * (brotli). Modules: how many of those files the visit fetches and evaluates.
 *
 * The goal is 120 KB (122,880 bytes) for /home. Each budget is the page's figure when it was set,
 * plus 0.5 KB rounded up to the next 0.5 KB, and one module, but never above 120 KB for a page
 * that was under it. The staff dashboard's page was over it (a signed-in page, not a visitor's
 * first visit on a phone): its budget only holds it where it is. `npm run budget` prints the
 * figures each time: lower a budget when a page gets lighter, so the room is not spent again
 * unnoticed; raise one only with the reason in the commit.
 */

/** A page's budget. */
export interface FirstVisitBudget {
  /** Bytes of JavaScript as sent (brotli). */
  bytes: number;
  /** Scripts fetched and evaluated. */
  modules: number;
}

/** The target for /home: 120 KB of JavaScript on the wire. */
export const FIRST_VISIT_GOAL_BYTES = 120 * 1024;

/**
 * Per page (a URL, matched against the build's routes), set 2026-12-07 once the shell's modules
 * shared one chunk (docs/decisions/266-one-shell-chunk.md) and the routes were learned on
 * navigation (267); the figure measured then is beside each, bytes and modules.
 */
export const FIRST_VISIT_BUDGETS: Record<string, FirstVisitBudget> = {
  "/home": { bytes: 116_224, modules: 17 }, // 115,434 B, 16
  "/es/home": { bytes: 116_224, modules: 17 }, // 115,434 B, 16
  "/resources": { bytes: 113_152, modules: 14 }, // 112,237 B, 13
  "/launch": { bytes: 115_200, modules: 16 }, // 114,667 B, 15
  "/donate": { bytes: 113_152, modules: 14 }, // 112,510 B, 13
  "/find-help": { bytes: 108_544, modules: 11 }, // 108,020 B, 10
  "/fundraise": { bytes: 109_056, modules: 13 }, // 108,335 B, 12
  // A supporter's fundraiser page: any slug matches the same routes.
  "/fundraise/example": { bytes: 105_984, modules: 10 }, // 105,317 B, 9
  "/volunteer": { bytes: 109_056, modules: 13 }, // 108,523 B, 12
  // Where /admin sends a signed-in editor: the dashboard's layout and its first tab.
  "/admin/documents": { bytes: 123_392, modules: 20 }, // 122,637 B, 19
};
