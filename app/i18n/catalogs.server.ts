import en from "#app/i18n/catalogs/en.json";
import es from "#app/i18n/catalogs/es.json";
import type { Locale } from "./locales";
import { type Messages, type TFunction, translatorFor } from "./translator";

/**
 * Every catalog; only the server holds them all, a page receives its own
 * (docs/decisions/110-locales-in-the-url.md).
 */
export const catalogs: Record<Locale, Messages> = { en, es };

/** A translate function for server code: actions, toasts, e-mails. */
export function serverT(locale: Locale): TFunction {
  return translatorFor(locale, catalogs[locale]);
}
