/** Resource-library constants shared by the page and its server code. */

/** Longer searches are refused with a message rather than sent to the database. */
export const MAX_SEARCH_LENGTH = 200;
