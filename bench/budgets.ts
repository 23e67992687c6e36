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
 * Per page (a URL, matched against the build's routes), set 2026-12-07; the figure measured
 * then is beside each, bytes and modules.
 */
export const FIRST_VISIT_BUDGETS: Record<string, FirstVisitBudget> = {
  "/home": { bytes: 122_880, modules: 30 }, // 122,673 B, 29
  "/es/home": { bytes: 122_880, modules: 30 }, // 122,673 B, 29
  "/resources": { bytes: 120_832, modules: 29 }, // 120,200 B, 28
  "/launch": { bytes: 120_320, modules: 28 }, // 119,703 B, 27
  "/donate": { bytes: 119_808, modules: 27 }, // 119,241 B, 26
  "/find-help": { bytes: 115_712, modules: 25 }, // 114,896 B, 24
  "/fundraise": { bytes: 115_712, modules: 27 }, // 115,179 B, 26
  // A supporter's fundraiser page: any slug matches the same routes.
  "/fundraise/example": { bytes: 112_640, modules: 23 }, // 111,858 B, 22
  "/volunteer": { bytes: 116_224, modules: 27 }, // 115,624 B, 26
  // Where /admin sends a signed-in editor: the dashboard's layout and its first tab.
  "/admin/documents": { bytes: 129_024, modules: 33 }, // 128,249 B, 32
};
