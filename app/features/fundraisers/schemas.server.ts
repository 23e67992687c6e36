/**
 * The start form of a fundraiser page (docs/decisions/221-fundraisers.md), built for one locale
 * like the other public forms: the server validates with it, and the page states the same rules as
 * native constraints.
 */

import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import * as clock from "#app/lib/clock.server";
import { emailAddress, requiredLine, tooLong } from "#app/lib/form-fields";
import { houstonToday } from "#app/lib/houston-calendar";
import { limits } from "#app/lib/limits";
import { photoField } from "./photos.server";
import { fundraiserLimits } from "./rules";

/** "$1,500" or "1500" dollars, whole. */
const WHOLE_DOLLARS = /^\$?\s*\d[\d,]*(\.0*)?$/;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The fields a page's owner writes at the start and may edit later (owner-schemas.server.ts): the
 * story, the goal and the end date. An edit may keep the end date the page has (`kept`), even if
 * that day is today.
 */
export function pageFields(t: TFunction, now: Date = clock.now(), kept: string | null = null) {
  const today = houstonToday(now);
  const { goalMinDollars, goalMaxDollars } = fundraiserLimits;
  const goalRange = t("fundraising.errors.goalRange", { min: goalMinDollars, max: goalMaxDollars });
  return {
    story: z
      .string({ error: t("fundraising.errors.story") })
      .trim()
      .min(
        fundraiserLimits.storyMin,
        t("fundraising.errors.storyShort", { min: fundraiserLimits.storyMin }),
      )
      .max(fundraiserLimits.story, tooLong(t, fundraiserLimits.story)),
    goal: z
      .string({ error: t("fundraising.errors.goal") })
      .trim()
      .max(20, t("fundraising.errors.goalWhole"))
      .regex(WHOLE_DOLLARS, t("fundraising.errors.goalWhole"))
      .transform((value) => Number(value.replace(/[$,\s]/g, "")))
      .pipe(z.number().int().min(goalMinDollars, goalRange).max(goalMaxDollars, goalRange)),
    endDate: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t("fundraising.errors.endDate"))
      .refine(
        (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        t("fundraising.errors.endDate"),
      )
      .refine((value) => value === kept || value > today, t("fundraising.errors.endDatePast"))
      .refine(
        (value) => value === kept || value <= addDays(today, fundraiserLimits.endWithinDays),
        t("fundraising.errors.endDateFar"),
      )
      .optional(),
  };
}

export const startFundraiserSchema = (t: TFunction, now: Date = clock.now()) =>
  z.object({
    name: requiredLine(t, t("validation.name"), limits.name),
    email: emailAddress(t),
    title: requiredLine(t, t("fundraising.errors.title"), fundraiserLimits.title),
    ...pageFields(t, now),
    showProgress: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
    photo: photoField(t),
  });

export type StartFundraiserInput = z.output<ReturnType<typeof startFundraiserSchema>>;
