import { z } from "zod";
import {
  amountProblem,
  chosenAmount,
  DONATION_PANELS,
  type DonationPanelKind,
  sanitizeCustomAmount,
} from "#app/lib/impact";

/**
 * Typed without JavaScript, the box may hold "$1,250" or "75.00": dollars with optional commas and
 * zero cents are accepted; anything else (letters, real cents) gets a message instead of a guess.
 */
const WHOLE_DOLLARS = /^\$?\s*\d[\d,]*(\.0*)?$/;

/** The spec's message when the payment cannot be created (shown inline and as a toast). */
export const COULD_NOT_INITIALIZE = "Could not initialize payment";

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/**
 * The donation panel (both configurations), checked in the browser and again on the server. The
 * custom amount, when given, is the amount used (D3); amount errors land on the custom amount field,
 * next to the presets. Fee, status and anything else money-related are never taken from the form.
 */
export const donationSchema = z
  .object({
    panel: z.enum(["full", "prelaunch"]).default("full"),
    frequency: z.enum(["once", "monthly"], { error: "Please choose one-time or monthly." }),
    preset: z.string().max(10).optional(),
    customAmount: z
      .string()
      .trim()
      .max(20, "Please enter a whole-dollar amount, for example 75.")
      .optional(),
    donorName: z
      .string({ error: "Please enter your name." })
      .trim()
      .min(1, "Please enter your name.")
      .max(100, "Please shorten your name to 100 characters."),
    donorEmail: z
      .string({ error: "Please enter your email address." })
      .trim()
      .max(254, "Please enter a valid email address.")
      .pipe(z.email("Please enter a valid email address."))
      .transform((email) => email.toLowerCase()),
    anonymous: checkbox,
    coverFee: checkbox,
    newsletter: checkbox,
    /** The altcha widget's proof of work (absent without JavaScript). */
    altcha: z.string().max(20_000).optional(),
    /** Signed reference of a pending donation being changed (the donor went back). */
    edit: z.string().max(300).optional(),
  })
  .superRefine((value, ctx) => {
    const problem = donationAmountProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path: ["customAmount"], message: problem });
  });

export type DonationInput = z.output<typeof donationSchema>;

type AmountFields = Pick<DonationInput, "panel" | "preset" | "customAmount">;

function presetAmount(panel: DonationPanelKind, preset: string | undefined): number | undefined {
  const amount = Number(preset);
  return DONATION_PANELS[panel].presets.some((option) => option.amount === amount)
    ? amount
    : undefined;
}

function donationAmountProblem(value: AmountFields): string | null {
  const custom = value.customAmount ?? "";
  if (custom === "" && value.preset === undefined) return "Please choose or enter an amount.";
  if (custom === "" && presetAmount(value.panel, value.preset) === undefined) {
    return "Please choose one of the listed amounts.";
  }
  if (custom !== "" && !WHOLE_DOLLARS.test(custom)) {
    return "Please enter a whole-dollar amount, for example 75.";
  }
  return amountProblem(donationAmount(value));
}

/** The whole-dollar amount a valid submission gives: the custom amount wins over the preset. */
export function donationAmount(value: AmountFields): number {
  return chosenAmount(
    presetAmount(value.panel, value.preset) ?? Number.NaN,
    sanitizeCustomAmount(value.customAmount ?? ""),
  );
}

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
