import en from "#app/locales/en.json";
import es from "#app/locales/es.json";
import { type Messages, type TFunction, translatorFor } from "./i18n";
import type { Locale } from "./locales";

/** Every catalog; only the server holds them all, a page receives its own (docs/decisions/110). */
export const catalogs: Record<Locale, Messages> = { en, es };

/** A translate function for server code: actions, toasts, e-mails. */
export function serverT(locale: Locale): TFunction {
  return translatorFor(locale, catalogs[locale]);
}
