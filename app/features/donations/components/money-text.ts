/**
 * The panel's amounts as text, each written once per locale and amount. Building an
 * Intl.NumberFormat was the costliest step of drawing the panel on a slow phone, and the same few
 * amounts (presets, limits, the one being typed) are drawn again on every keystroke. The wording
 * stays that of formatDollars and formatCents.
 */
import { formatDollars } from "#app/features/donations/rules";
import type { Locale } from "#app/i18n/locales";
import { formatCents } from "#app/lib/money";

/** Enough for every amount a donor types in a visit; emptied rather than grown past it. */
const MAX_TEXTS = 500;
const texts = new Map<string, string>();

function remembered(key: string, write: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    text = write();
    texts.set(key, text);
  }
  return text;
}

/** "$1,250", as formatDollars writes it. */
export function dollarsText(amount: number, locale: Locale): string {
  return remembered(`dollars:${locale}:${amount}`, () => formatDollars(amount, locale));
}

/** "$3.30" from 330 cents, as formatCents writes US dollars. */
export function centsText(cents: number, locale: Locale): string {
  return remembered(`cents:${locale}:${cents}`, () => formatCents(cents, "usd", locale));
}
