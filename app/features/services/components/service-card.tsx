/**
 * One service in the finder's list: what a person needs to decide and go, in a few short lines so
 * 50 of them stay under 30 KB compressed (docs/decisions/170-the-finder-page.md). No images; links
 * call, text or open the map app (app/features/services/contact-links.ts). Its coordinates ride in
 * data attributes for the "near me" sort, which never leaves the page.
 */
import { Link } from "react-router";
import { CapacityLines } from "#app/features/services/components/capacity-lines";
import type { Locale } from "#app/i18n/locales";
import { type MessageKey, useLocale } from "#app/i18n/translator";
import { addressLine, mapHref, smsHref, telHref } from "../contact-links";
import type { FinderCard } from "../finder-card";
import { categoryLabels } from "../finder-query";
import { StatusLine } from "./status-line";

/** A language as people read it: codes ("es") named in the page's language, names kept. */
export function languageLabel(value: string, locale: Locale): string {
  if (!/^[a-z]{2,3}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(value) ?? value;
  } catch {
    return value;
  }
}

/** A "YYYY-MM-DD" date written out in the locale, read as a calendar day (no time zone shift). */
export function calendarDate(
  day: string,
  formatDate: (date: Date, o?: Intl.DateTimeFormatOptions) => string,
) {
  return formatDate(new Date(`${day}T12:00:00Z`), { dateStyle: "long", timeZone: "UTC" });
}

const phoneWords: Record<string, MessageKey> = {
  text: "findHelp.card.text",
  hotline: "findHelp.card.hotline",
};

export function PhoneLink({ phone }: { phone: FinderCard["phones"][number] }) {
  const { t } = useLocale();
  const shown = phone.number.replace(/^["'\s]+|["'\s]+$/g, "");
  const href =
    phone.type === "text" ? smsHref(phone.number) : telHref(phone.number, phone.extension);
  const label = t(phoneWords[phone.type ?? ""] ?? "findHelp.card.call", {
    number: phone.extension ? `${shown} ext. ${phone.extension}` : shown,
  });
  return href ? <a href={href}>{label}</a> : <span>{label}</span>;
}

/** The address as a link that opens the map app, or plain text when nothing can be mapped. */
export function AddressLink({
  row,
}: {
  row: Pick<FinderCard, "address" | "latitude" | "longitude">;
}) {
  const { t } = useLocale();
  const text = addressLine(row.address);
  const href = mapHref(text, row.latitude, row.longitude);
  if (!href) return null;
  return (
    <a
      href={href}
      aria-label={t("findHelp.card.mapOf", { address: text || t("findHelp.card.map") })}
    >
      {text || t("findHelp.card.map")}
    </a>
  );
}

export function ServiceCard({ row, distance }: { row: FinderCard; distance?: string | null }) {
  const { t, locale, href, formatDate } = useLocale();
  const point =
    row.latitude !== null && row.longitude !== null
      ? { "data-lat": row.latitude, "data-lng": row.longitude }
      : {};
  return (
    <li className="card space-y-1" {...point}>
      <h3 className="text-lg font-semibold">
        <Link
          to={href(`/find-help/${row.serviceId}`)}
          className="link"
          lang={row.english.name ? "en" : undefined}
        >
          {row.name}
        </Link>
      </h3>
      <p className="text-sm">
        {t(categoryLabels[row.category])} ·{" "}
        {t("findHelp.card.by", { organization: row.organization })}
      </p>
      <StatusLine status={row.status} />
      <CapacityLines counts={row.capacity} />
      <p>
        <AddressLink row={row} />
      </p>
      {row.phones.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4">
          {row.phones.map((phone) => (
            <li key={phone.id}>
              <PhoneLink phone={phone} />
            </li>
          ))}
        </ul>
      ) : null}
      {row.languages.length > 0 ? (
        <p>
          {t("findHelp.card.languages")}{" "}
          {row.languages.map((language) => languageLabel(language, locale)).join(", ")}
        </p>
      ) : null}
      {row.eligibility ? (
        <p>
          {t("findHelp.card.eligibility")}{" "}
          <span lang={row.english.eligibility ? "en" : undefined}>{row.eligibility}</span>
        </p>
      ) : null}
      <p className="text-sm text-[var(--color-muted)]">
        {row.lastVerified
          ? t(
              row.verificationOld ? "findHelp.card.verifiedLongAgo" : "findHelp.card.lastVerified",
              {
                date: calendarDate(row.lastVerified, formatDate),
              },
            )
          : t("findHelp.card.notVerified")}
      </p>
      {distance ? <p className="text-sm font-medium">{distance}</p> : null}
    </li>
  );
}
