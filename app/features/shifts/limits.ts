/** Limits of the staff's shift form, read by the form in the browser and the schema on the server. */
export const NOTES_MAX = 1000;
export const SERIES_WEEKS_MAX = 52;
