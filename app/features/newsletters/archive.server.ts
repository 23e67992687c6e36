import type { Locale } from "#app/i18n/locales";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import type { RichTextDoc } from "#app/lib/rich-text";
import { sentIssue, sentIssues } from "./issues.server";
import { type IssueRow, issueVersion } from "./mail.server";

/**
 * The public archive (docs/decisions/293-newsletter-archive.md): sent issues only, each in the
 * page's language when it was sent in it, else in English; nothing about who received them.
 */

function sentDate(date: Date | null, locale: Locale) {
  return date
    ? new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: HOUSTON_TIME_ZONE }).format(
        date,
      )
    : "";
}

function shown(row: IssueRow, locale: Locale) {
  const version = issueVersion(row, locale);
  return {
    id: row.id,
    language: version.language,
    subject: version.subject,
    date: sentDate(row.sentAt, locale),
  };
}

export async function archiveList(locale: Locale) {
  return (await sentIssues()).map((row) => shown(row, locale));
}

const otherLocale = (locale: Locale): Locale => (locale === "es" ? "en" : "es");

export async function archiveIssue(id: string, locale: Locale) {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await sentIssue(id) : null;
  if (!row) return null;
  const version = issueVersion(row, locale);
  return {
    ...shown(row, locale),
    body: version.body as RichTextDoc,
    /** The other language it was sent in, if any. */
    other: row.subjectEs && row.bodyEs ? otherLocale(locale) : null,
  };
}
