import { z } from "zod";
import type { Locale } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { fundraiserGiftFields } from "./fundraiser-gift.server";
import {
  amountProblem,
  amountProblemMessage,
  chosenAmount,
  DONATION_PANELS,
  type DonationPanelKind,
  sanitizeCustomAmount,
} from "./rules";

/**
 * Typed without JavaScript, the box may hold "$1,250" or "75.00": dollars with optional commas and
 * zero cents are accepted; anything else (letters, real cents) gets a message instead of a guess.
 */
const WHOLE_DOLLARS = /^\$?\s*\d[\d,]*(\.0*)?$/;

const AMOUNT_FIELDS = ["panel", "preset", "customAmount"];

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/**
 * The donation panel (both configurations), checked in the browser and again on the server. The
 * custom amount, when given, is the amount used (docs/decisions/012-custom-amount-rules.md); amount
 * errors land on the custom amount field, next to the presets. Fee, status and anything else
 * money-related are never taken from the form.
 */
export const donationSchema = (t: TFunction, locale: Locale) =>
  z
    .object({
      panel: z.enum(["full", "prelaunch"]).default("full"),
      frequency: z.enum(["once", "monthly"], { error: t("donation.errors.frequency") }),
      preset: z.string().max(10).optional(),
      customAmount: z.string().trim().max(20, t("donation.amount.notWhole")).optional(),
      donorName: z
        .string({ error: t("validation.name") })
        .trim()
        .min(1, t("validation.name"))
        .max(100, t("donation.errors.nameTooLong")),
      donorEmail: z
        .string({ error: t("validation.email") })
        .trim()
        .max(254, t("donation.errors.email"))
        .pipe(z.email(t("donation.errors.email")))
        .transform((email) => email.toLowerCase()),
      anonymous: checkbox,
      coverFee: checkbox,
      newsletter: checkbox,
      /** The altcha widget's proof of work (absent without JavaScript). */
      altcha: z.string().max(20_000).optional(),
      /** Signed reference of a pending donation being changed (the donor went back). */
      edit: z.string().max(300).optional(),
      /**
       * The slug of the fundraiser page the gift is given on; checked by startDonation, which
       * gives the general fund what an unknown or closed page cannot take
       * (docs/decisions/221-fundraisers.md).
       */
      fundraiser: z.string().trim().max(100).optional(),
      ...fundraiserGiftFields(t),
    })
    .superRefine(
      (value, ctx) => {
        const problem = donationAmountProblem(value, t, locale);
        if (problem) ctx.addIssue({ code: "custom", path: ["customAmount"], message: problem });
      },
      // The amount is checked even when the donor's details are missing, so every problem shows
      // at once; only a broken amount field itself (a tampered panel or preset) skips it.
      {
        when: (payload) =>
          !payload.issues.some((issue) => AMOUNT_FIELDS.includes(String(issue.path?.[0]))),
      },
    );

export type DonationInput = z.output<ReturnType<typeof donationSchema>>;

type AmountFields = Pick<DonationInput, "panel" | "preset" | "customAmount">;

function presetAmount(panel: DonationPanelKind, preset: string | undefined): number | undefined {
  const amount = Number(preset);
  return DONATION_PANELS[panel].presets.some((option) => option.amount === amount)
    ? amount
    : undefined;
}

function donationAmountProblem(value: AmountFields, t: TFunction, locale: Locale): string | null {
  const custom = value.customAmount ?? "";
  if (custom === "" && value.preset === undefined) return t("donation.amount.missing");
  if (custom === "" && presetAmount(value.panel, value.preset) === undefined) {
    return t("donation.amount.notListed");
  }
  if (custom !== "" && !WHOLE_DOLLARS.test(custom)) return t("donation.amount.notWhole");
  const problem = amountProblem(donationAmount(value));
  return problem ? amountProblemMessage(t, problem, locale) : null;
}

/** The whole-dollar amount a valid submission gives: the custom amount wins over the preset. */
export function donationAmount(value: AmountFields): number {
  return chosenAmount(
    presetAmount(value.panel, value.preset) ?? Number.NaN,
    sanitizeCustomAmount(value.customAmount ?? ""),
  );
}
