/** The editor's limits, apart from the schemas so the page's script does not carry zod. */
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 300;
/** A body's JSON, in characters: a long page with many lists stays far below. */
export const BODY_MAX = 200_000;
