/**
 * A calendar entry (RFC 5545) for one sign-up: the UID names the sign-up, so an update (a higher
 * SEQUENCE) or a cancellation (METHOD:CANCEL) replaces the entry a calendar already holds rather
 * than adding a second one. Times are written in UTC, which RFC 5545 allows without a VTIMEZONE.
 */

export interface CalendarEntry {
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** 20261201T150000Z */
function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
function text(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** A quoted parameter value (CN): no double quotes or control characters inside. */
function param(value: string): string {
  return `"${value.replace(/["\p{Cc}]/gu, "")}"`;
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function calendarText(entry: CalendarEntry): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Houston Home Foundation//Volunteer shifts//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${entry.method}`,
    "BEGIN:VEVENT",
    `UID:${entry.uid}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTAMP:${utc(entry.stamp)}`,
    `DTSTART:${utc(entry.start)}`,
    `DTEND:${utc(entry.end)}`,
    `SUMMARY:${text(entry.summary)}`,
    `LOCATION:${text(entry.location)}`,
    `DESCRIPTION:${text(entry.description)}`,
    `STATUS:${entry.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    `ORGANIZER;CN=${param(entry.organizer.name)}:mailto:${entry.organizer.email}`,
    `ATTENDEE;CN=${param(entry.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${entry.attendee.email}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
