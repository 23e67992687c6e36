import { numberFormat } from "#app/i18n/formats";
import { type Locale, localeTags } from "#app/i18n/locales";

/**
 * Formats an amount in minor units (cents) as currency for the locale's readers, e.g. 5000 ->
 * "$50.00" (US Spanish, es-US, writes dollars the way US English does).
 */
export function formatCents(cents: number, currency = "usd", locale: Locale = "en"): string {
  return numberFormat(localeTags[locale], {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}
