/** Name of the hidden field that only bots fill in. */
export const HONEYPOT_FIELD = "website";
