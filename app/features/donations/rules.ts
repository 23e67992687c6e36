/**
 * Amounts and impact messages of the two donation panels
 * (docs/decisions/011-prelaunch-donation-panel.md, docs/decisions/012-custom-amount-rules.md).
 * Pure functions, shared by the browser (live panel) and the server (validation).
 */

import { numberFormat } from "#app/i18n/formats";
import { type Locale, localeTags } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";

export type Frequency = "once" | "monthly";

/** The two frequencies; labels are catalog keys. */
export const FREQUENCIES = [
  { value: "once", label: "donation.frequency.once" },
  { value: "monthly", label: "donation.frequency.monthly" },
] as const satisfies readonly { value: Frequency; label: string }[];

/** How many people a gift can help: "15+ people" (`orMore`) or "3 people". */
export interface ImpactCount {
  people: number;
  orMore: boolean;
}

/** Full-site panel: preset dollar amounts, the default one, and the default frequency. */
export const FULL_SITE_PRESETS = [25, 50, 100, 250] as const;
export const FULL_SITE_DEFAULT_AMOUNT = 50;
export const FULL_SITE_DEFAULT_FREQUENCY: Frequency = "once";

/** Whole dollars only, within these limits (docs/decisions/012-custom-amount-rules.md). */
export const MIN_DONATION_DOLLARS = 1;
export const MAX_DONATION_DOLLARS = 100_000;

/** Pre-launch panel: each preset names how many people it helps. */
export const PRELAUNCH_PRESETS = [
  { amount: 10, people: 3 },
  { amount: 20, people: 6 },
  { amount: 40, people: 12 },
  { amount: 100, people: 30 },
] as const;
export const PRELAUNCH_DEFAULT_AMOUNT = 40;
export const PRELAUNCH_DEFAULT_FREQUENCY: Frequency = "monthly";
const PRELAUNCH_FALLBACK_IMPACT: ImpactCount = { people: 30, orMore: true };

/**
 * Full-site impact message for an amount in dollars: '15+ people' up to 25, '30+ people' up to 50,
 * '60+ people' up to 100, '100+ people' above. No message for amounts below $1 (nothing to give).
 */
export function impactMessage(amount: number): ImpactCount | null {
  if (!Number.isFinite(amount) || amount < MIN_DONATION_DOLLARS) return null;
  const people = amount <= 25 ? 15 : amount <= 50 ? 30 : amount <= 100 ? 60 : 100;
  return { people, orMore: true };
}

/**
 * Pre-launch impact message: the preset's own count, else the fallback text
 * (docs/decisions/011-prelaunch-donation-panel.md).
 */
export function prelaunchImpactMessage(amount: number): ImpactCount {
  const preset = PRELAUNCH_PRESETS.find((option) => option.amount === amount);
  return preset ? { people: preset.people, orMore: false } : PRELAUNCH_FALLBACK_IMPACT;
}

/** "15+ people" / "15+ personas", in the page's language. */
export function impactText(t: TFunction, impact: ImpactCount): string {
  return impact.orMore
    ? t("donation.peopleOrMore", { people: impact.people })
    : t("donation.people", { people: impact.people });
}

/**
 * What the custom amount box keeps of typed or pasted text: digits only. Anything after a decimal
 * point is cents and is dropped first, so a pasted "$1,250.00" becomes "1250", not "125000".
 */
export function sanitizeCustomAmount(text: string): string {
  return text.split(".")[0].replace(/\D/g, "");
}

/**
 * Full-site panel: a custom value, when there is one, is the amount used
 * (docs/decisions/012-custom-amount-rules.md); else the preset.
 */
export function chosenAmount(preset: number, customText: string): number {
  return customText === "" ? preset : Number(customText);
}

/** Pre-launch panel: the custom text sets the amount, and an empty box keeps the previous amount. */
export function nextPrelaunchAmount(previous: number, customText: string): number {
  return customText === "" ? previous : Number(customText);
}

export type AmountProblem = "notWhole" | "tooSmall" | "tooLarge";

/**
 * Why an amount cannot be given online, or null when it can
 * (docs/decisions/012-custom-amount-rules.md).
 */
export function amountProblem(amount: number): AmountProblem | null {
  if (!Number.isInteger(amount)) return "notWhole";
  if (amount < MIN_DONATION_DOLLARS) return "tooSmall";
  if (amount > MAX_DONATION_DOLLARS) return "tooLarge";
  return null;
}

/** The message for an amount problem, in the page's language. */
export function amountProblemMessage(t: TFunction, problem: AmountProblem, locale: Locale): string {
  switch (problem) {
    case "notWhole":
      return t("donation.amount.notWhole");
    case "tooSmall":
      return t("donation.amount.tooSmall", { min: formatDollars(MIN_DONATION_DOLLARS, locale) });
    case "tooLarge":
      return t("donation.amount.tooLarge", { max: formatDollars(MAX_DONATION_DOLLARS, locale) });
  }
}

/** "$1,250": whole US dollars, written the locale's way. */
export function formatDollars(amount: number, locale: Locale = "en"): string {
  return numberFormat(localeTags[locale], {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }).format(amount);
}

/**
 * The two configurations of the one donation panel (docs/decisions/070-donation-payment-flow.md).
 */
export type DonationPanelKind = "full" | "prelaunch";

export interface DonationPanelConfig {
  presets: readonly { amount: number; people?: number }[];
  defaultAmount: number;
  defaultFrequency: Frequency;
  impact: (amount: number) => ImpactCount | null;
}

export const DONATION_PANELS: Record<DonationPanelKind, DonationPanelConfig> = {
  full: {
    presets: FULL_SITE_PRESETS.map((amount) => ({ amount })),
    defaultAmount: FULL_SITE_DEFAULT_AMOUNT,
    defaultFrequency: FULL_SITE_DEFAULT_FREQUENCY,
    impact: impactMessage,
  },
  prelaunch: {
    presets: PRELAUNCH_PRESETS,
    defaultAmount: PRELAUNCH_DEFAULT_AMOUNT,
    defaultFrequency: PRELAUNCH_DEFAULT_FREQUENCY,
    impact: prelaunchImpactMessage,
  },
};

/**
 * The catalog key of the wording agreed for the site when the payment cannot be created (inline
 * and toast).
 */
export const COULD_NOT_INITIALIZE = "donation.couldNotInitialize";

/**
 * An amount and frequency preset by a campaign link (`/?amount=100&frequency=monthly#donate`).
 * Anything that is not a whole amount the panel accepts, or a known frequency, is ignored.
 */
export function donationPresetFromSearch(search: URLSearchParams) {
  const amountText = search.get("amount") ?? "";
  const amount = /^\d{1,6}$/.test(amountText) ? Number(amountText) : undefined;
  const frequency = search.get("frequency");
  return {
    amount: amount !== undefined && amountProblem(amount) === null ? amount : undefined,
    frequency: frequency === "once" || frequency === "monthly" ? frequency : undefined,
  } as const;
}
