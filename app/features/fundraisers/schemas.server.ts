/**
 * The start form of a fundraiser page (docs/decisions/221-fundraisers.md), built for one locale
 * like the other public forms: the server validates with it, and the page states the same rules as
 * native constraints.
 */
import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import { emailAddress, requiredLine, tooLong } from "#app/lib/form-fields";
import { houstonToday } from "#app/lib/fundraiser-gifts.server";
import { limits } from "#app/lib/limits";
import { fundraiserLimits } from "./rules";

/** "$1,500" or "1500" dollars, whole. */
const WHOLE_DOLLARS = /^\$?\s*\d[\d,]*(\.0*)?$/;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const startFundraiserSchema = (t: TFunction, now: Date = new Date()) => {
  const today = houstonToday(now);
  const { goalMinDollars, goalMaxDollars } = fundraiserLimits;
  return z.object({
    name: requiredLine(t, t("validation.name"), limits.name),
    email: emailAddress(t),
    title: requiredLine(t, t("fundraisers.errors.title"), fundraiserLimits.title),
    story: z
      .string({ error: t("fundraisers.errors.story") })
      .trim()
      .min(
        fundraiserLimits.storyMin,
        t("fundraisers.errors.storyShort", { min: fundraiserLimits.storyMin }),
      )
      .max(fundraiserLimits.story, tooLong(t, fundraiserLimits.story)),
    goal: z
      .string({ error: t("fundraisers.errors.goal") })
      .trim()
      .max(20, t("fundraisers.errors.goalWhole"))
      .regex(WHOLE_DOLLARS, t("fundraisers.errors.goalWhole"))
      .transform((value) => Number(value.replace(/[$,\s]/g, "")))
      .pipe(
        z
          .number()
          .int()
          .min(
            goalMinDollars,
            t("fundraisers.errors.goalRange", { min: goalMinDollars, max: goalMaxDollars }),
          )
          .max(
            goalMaxDollars,
            t("fundraisers.errors.goalRange", { min: goalMinDollars, max: goalMaxDollars }),
          ),
      ),
    endDate: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t("fundraisers.errors.endDate"))
      .refine(
        (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        t("fundraisers.errors.endDate"),
      )
      .refine((value) => value > today, t("fundraisers.errors.endDatePast"))
      .refine(
        (value) => value <= addDays(today, fundraiserLimits.endWithinDays),
        t("fundraisers.errors.endDateFar"),
      )
      .optional(),
    showProgress: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  });
};

export type StartFundraiserInput = z.output<ReturnType<typeof startFundraiserSchema>>;
