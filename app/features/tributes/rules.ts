/**
 * The rules of a gift in honour or in memory (docs/decisions/232-tribute-gifts.md), shared by the
 * donation form (app/features/tributes/components/dedication-fields.tsx), the server's checks
 * (app/features/tributes/gifts.server.ts) and the tributes feature (app/features/tributes/).
 */
export const TRIBUTE_KINDS = ["honor", "memory"] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];

/** scheduled until its day, sent once queued in the outbox, failed or cancelled (by a refund). */
export const CARD_STATUSES = ["scheduled", "sent", "failed", "cancelled"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const TRIBUTE_LIMITS = {
  honoree: 100,
  recipientName: 100,
  message: 500,
  email: 254,
} as const;

/** Copies of a sent card the donor (or staff) may send again. */
export const MAX_RESENDS = 3;

/** Cards to one recipient address on one day, whoever sends them. */
export const MAX_CARDS_PER_RECIPIENT_DAY = 5;

/** How far ahead a card may be dated, in days. */
export const MAX_DAYS_AHEAD = 365;

/** The card goes at this hour of its day, Houston time. */
export const SEND_HOUR = 9;

/** The form's field names: one place, so the form and the server's checks agree. */
export const TRIBUTE_FIELDS = {
  kind: "tributeKind",
  honoree: "tributeHonoree",
  card: "tributeCard",
  recipientName: "tributeRecipientName",
  recipientEmail: "tributeRecipientEmail",
  message: "tributeMessage",
  language: "tributeLanguage",
  sendOn: "tributeSendOn",
  showAmount: "tributeShowAmount",
} as const;

/** A day "YYYY-MM-DD" moved by `days` (calendar days, no clock involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** What a preview shows: the card as its recipient will read it, in the card's language. */
export interface CardPreview {
  subject: string;
  lines: string[];
  language: string;
}
