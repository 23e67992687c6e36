/** What a visitor may say is wrong with a listing, and each one's words. */
import type { MessageKey } from "#app/i18n/translator";

export const reportReasons = ["closed", "hours", "phone", "address", "full", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reasonLabels: Record<ReportReason, MessageKey> = {
  closed: "listingReport.reasons.closed",
  hours: "listingReport.reasons.hours",
  phone: "listingReport.reasons.phone",
  address: "listingReport.reasons.address",
  full: "listingReport.reasons.full",
  other: "listingReport.reasons.other",
};

/** A stored reason's label; "other" for a value no longer offered. */
export const reasonLabel = (reason: string): MessageKey =>
  reasonLabels[reason as ReportReason] ?? reasonLabels.other;
