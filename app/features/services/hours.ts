/**
 * The honest opening status of a service at a moment, in Houston time (America/Chicago), from its
 * HSDS schedule rows (docs/decisions/161-opening-status.md). Pure: no database, no clock.
 * Client components may import it.
 */

/** The schedule fields the status reads (HSDS `schedule`). */
export interface ScheduleHours {
  freq: string | null;
  /** "MO,TU" (RFC 5545 BYDAY); empty or null with freq WEEKLY means every day. */
  byday: string | null;
  /** "HH:MM" or "HH:MM:SS", Houston time. */
  opensAt: string | null;
  closesAt: string | null;
  /** "YYYY-MM-DD": the first and last day the row applies (temporary openings). */
  validFrom: string | null;
  validTo: string | null;
  description: string | null;
}

/** A Houston wall-clock time of day: "21:00". */
export type ClockTime = string;

export type OpeningStatus =
  /** Open now; `closesAt` is the Houston time it closes, `closesAtInstant` the moment. */
  | {
      kind: "open";
      closesAt: ClockTime;
      closesAtInstant: Date;
      closesOn: "today" | "tomorrow" | "later";
    }
  /** Open all day and night: no closing within the next 7 days. */
  | { kind: "open-24-hours" }
  /** Closed now; opens at `opensAt` (Houston), on `opensOn` relative to today. */
  | {
      kind: "opens";
      opensAt: ClockTime;
      opensAtInstant: Date;
      opensOn: "today" | "tomorrow" | "later";
      weekday: number;
    }
  /** Hours exist but none in the next 7 days. */
  | { kind: "closed-today" }
  /** No usable hours (none, only a description, or rules the finder cannot read). */
  | { kind: "call-for-hours"; description: string | null };
