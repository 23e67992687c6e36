import { z } from "zod";
import {
  amountProblem,
  chosenAmount,
  FULL_SITE_PRESETS,
  sanitizeCustomAmount,
} from "#app/lib/impact";

/** Tells the landing page's action that the donation form was sent (it also has a newsletter form). */
export const DONATE_INTENT = "donate";

const presetValues = FULL_SITE_PRESETS.map(String) as [string, ...string[]];

/**
 * Typed without JavaScript, the box may hold "$1,250" or "75.00": dollars with optional commas and
 * zero cents are accepted; anything else (letters, real cents) gets a message instead of a guess.
 */
const WHOLE_DOLLARS = /^\$?\s*\d[\d,]*(\.0*)?$/;

/**
 * The full-site donation panel, checked in the browser and again on the server. The custom amount,
 * when given, is the amount used (D3); errors land on the custom amount field, next to the presets.
 */
export const donationSchema = z
  .object({
    intent: z.literal(DONATE_INTENT),
    frequency: z.enum(["once", "monthly"], { error: "Please choose one-time or monthly." }),
    preset: z.enum(presetValues, { error: "Please choose one of the listed amounts." }).optional(),
    customAmount: z
      .string()
      .trim()
      .max(20, "Please enter a whole-dollar amount, for example 75.")
      .optional(),
  })
  .transform((value, ctx) => {
    const custom = value.customAmount ?? "";
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", path: ["customAmount"], message });
      return z.NEVER;
    };
    if (custom === "" && value.preset === undefined) {
      return fail("Please choose or enter an amount.");
    }
    if (custom !== "" && !WHOLE_DOLLARS.test(custom)) {
      return fail("Please enter a whole-dollar amount, for example 75.");
    }
    const amount = chosenAmount(Number(value.preset), sanitizeCustomAmount(custom));
    const problem = amountProblem(amount);
    if (problem) return fail(problem);
    return { frequency: value.frequency, amount };
  });

export type DonationChoice = z.output<typeof donationSchema>;
