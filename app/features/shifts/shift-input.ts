/**
 * What staff enter for a shift, checked on the server (the dashboard is in English): times are
 * Houston wall-clock times, a series repeats the shift weekly.
 */
import { z } from "zod";
import { NOTES_MAX, SERIES_WEEKS_MAX } from "./limits";

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label}: at most ${max} characters`)
    .regex(/^\P{Cc}*$/u, `${label}: one line, without control characters`);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label}: at least ${min}`)
    .max(max, `${label}: at most ${max}`);

/** The fields a shift's form posts, shared by creating and changing one. */
export const shiftFieldsSchema = z
  .object({
    titleEn: line("The English title", 120),
    titleEs: line("The Spanish title", 120),
    day: z.iso.date("The date must look like 2026-01-31"),
    start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "The start must be a time like 09:00"),
    end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "The end must be a time like 12:00"),
    place: line("The place", 200),
    seats: whole("Seats", 1, 500),
    waitlistLength: whole("The waitlist length", 0, 500),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX, `Notes: at most ${NOTES_MAX} characters`)
      .optional()
      .transform((value) => value ?? ""),
  })
  .refine((value) => value.end > value.start, {
    message: "The shift must end after it starts (on the same day)",
    path: ["end"],
  });

export type ShiftFields = z.output<typeof shiftFieldsSchema>;

export const newShiftSchema = z.intersection(
  shiftFieldsSchema,
  z.object({
    opportunity: z
      .string({ error: "Choose an opportunity" })
      .regex(/^[a-z0-9-]{1,60}$/, "Choose an opportunity"),
    weeks: whole("Weeks", 1, SERIES_WEEKS_MAX).default(1),
  }),
);

export type NewShift = z.output<typeof newShiftSchema>;

export const opportunitySchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, "The short name: lower-case letters, digits and hyphens"),
  titleEn: line("The English name", 80),
  titleEs: line("The Spanish name", 80),
});

/** "2026-12-01" plus `weeks` weeks. */
export function addWeeks(day: string, weeks: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + weeks * 7);
  return date.toISOString().slice(0, 10);
}
