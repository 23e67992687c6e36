/**
 * The words of an opening status (app/features/services/hours.ts) in the page's language: the
 * exact copy the finder asks for (docs/decisions/170-the-finder-page.md) ("Open now, closes at 9 pm", "Opens at 6 am", "Open 24 hours", "Call for
 * hours", "Closed today"). Pure, so the list, the detail page and the tests share it.
 */
import type { Locale } from "#app/i18n/locales";
import { localeTags } from "#app/i18n/locales";
import type { MessageKey, TFunction } from "#app/i18n/translator";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import type { OpeningStatus } from "./hours";

/** "21:00" → "9 pm", "06:30" → "6:30 am"; Spanish "9 p. m.". Noon and midnight read as 12. */
export function clockText(time: string, locale: Locale): string {
  const [hours, minutes] = time.split(":").map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const morning = hours < 12;
  const suffix = locale === "es" ? (morning ? "a. m." : "p. m.") : morning ? "am" : "pm";
  const mm = minutes ? `:${String(minutes).padStart(2, "0")}` : "";
  return `${hour12}${mm} ${suffix}`;
}

/** "at 9 pm"; Spanish "a las 9 p. m.", but "a la 1 p. m.". */
export function atClock(time: string, locale: Locale): string {
  const text = clockText(time, locale);
  if (locale === "en") return `at ${text}`;
  return text.startsWith("1 ") || text.startsWith("1:") ? `a la ${text}` : `a las ${text}`;
}

/** The Houston weekday name of a moment ("Monday", "lunes"). */
export function houstonWeekday(instant: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTags[locale], {
    weekday: "long",
    timeZone: HOUSTON_TIME_ZONE,
  }).format(instant);
}

export type StatusTone = "open" | "soon" | "closed" | "unknown";

/** The status's sentence and its tone (the badge's colour and icon). */
export function statusText(
  status: OpeningStatus,
  locale: Locale,
  t: TFunction,
): { text: string; tone: StatusTone } {
  switch (status.kind) {
    case "open": {
      const at = atClock(status.closesAt, locale);
      const key: MessageKey =
        status.closesOn === "later" ? "findHelp.status.openUntilDay" : "findHelp.status.openUntil";
      const day = houstonWeekday(status.closesAtInstant, locale);
      return { text: t(key, { at, day }), tone: "open" };
    }
    case "open-24-hours":
      return { text: t("findHelp.status.open24"), tone: "open" };
    case "opens": {
      const at = atClock(status.opensAt, locale);
      const day = houstonWeekday(status.opensAtInstant, locale);
      const key: MessageKey =
        status.opensOn === "today"
          ? "findHelp.status.opensAt"
          : status.opensOn === "tomorrow"
            ? "findHelp.status.opensTomorrow"
            : "findHelp.status.opensDay";
      return { text: t(key, { at, day }), tone: "soon" };
    }
    case "closed-today":
      return { text: t("findHelp.status.closedToday"), tone: "closed" };
    default:
      return { text: t("findHelp.status.callForHours"), tone: "unknown" };
  }
}
