/**
 * A newsletter's life (docs/decisions/290-newsletter-sending-ledger.md): written as a draft, sent
 * now or scheduled, sending (pausable), sent once no recipient waits. Safe for the browser.
 */
export const newsletterStatuses = ["draft", "scheduled", "sending", "paused", "sent"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

/** A recipient's row: pending, queued (in the outbox), sent (handed to SMTP) or skipped (left). */
export const recipientStates = ["pending", "queued", "sent", "skipped"] as const;
export type RecipientState = (typeof recipientStates)[number];

export const newsletterLanguages = ["en", "es"] as const;
export type NewsletterLanguage = (typeof newsletterLanguages)[number];
