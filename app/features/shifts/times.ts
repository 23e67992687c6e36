/** A volunteer shift's day and hours in Houston time, written the way the reader's language writes them. */

import { dateFormat } from "#app/i18n/formats";
import { type Locale, localeTags } from "#app/i18n/locales";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";

const DAY: Intl.DateTimeFormatOptions = {
  timeZone: HOUSTON_TIME_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
};
const TIME: Intl.DateTimeFormatOptions = {
  timeZone: HOUSTON_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
};

/** "Tuesday, December 1, 2026, 9:00 AM - 12:00 PM" */
export function shiftWhen(locale: Locale, start: Date, end: Date): string {
  const tag = localeTags[locale];
  const time = dateFormat(tag, TIME);
  return `${dateFormat(tag, DAY).format(start)}, ${time.format(start)} - ${time.format(end)}`;
}

/** "December 1, 9:00 AM": when an offer lapses. */
export function momentText(locale: Locale, date: Date): string {
  return dateFormat(localeTags[locale], {
    timeZone: HOUSTON_TIME_ZONE,
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}
