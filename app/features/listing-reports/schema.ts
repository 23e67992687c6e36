/**
 * What a visitor may say is wrong with a finder listing, validated the same way in the
 * browser and on the server, in the page's language (docs/decisions/113-validation-in-the-visitors-language.md).
 */
import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import { emailAddress, tooLong } from "#app/lib/form-fields";
import { reportReasons } from "./reasons";

/** A note is for staff only; short enough to read in a queue. */
export const REPORT_NOTE_MAX = 1000;

export const reportSchema = (t: TFunction) =>
  z.object({
    reason: z.enum(reportReasons, { error: t("listingReport.reasonMissing") }),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX, tooLong(t, REPORT_NOTE_MAX))
      .optional()
      .transform((note) => note ?? ""),
    email: emailAddress(t).optional(),
  });
export type ReportInput = z.output<ReturnType<typeof reportSchema>>;
