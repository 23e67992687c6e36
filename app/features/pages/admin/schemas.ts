import { z } from "zod";
import { fromHoustonLocal } from "#app/lib/houston-calendar";

/** The Pages tab's forms, checked by their actions (docs/decisions/281-pages-drafts-and-publishing.md). */

import { BODY_MAX, SUMMARY_MAX, TITLE_MAX } from "./limits";

export const languageSchema = z.enum(["en", "es"]);

export const newPageSchema = z.object({
  slug: z
    .string({ error: "Address is required" })
    .trim()
    .min(1, "Address is required")
    .max(80, "Address must be at most 80 characters"),
});

export const draftSchema = z.object({
  version: z.coerce.number().int().min(1),
  title: z
    .string()
    .trim()
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
    .default(""),
  summary: z
    .string()
    .trim()
    .max(SUMMARY_MAX, `Summary must be at most ${SUMMARY_MAX} characters`)
    .default(""),
  body: z
    .string()
    .max(BODY_MAX, `The body must be at most ${BODY_MAX} characters of JSON`)
    .default('{"type":"doc","content":[]}'),
});

/** "Publish at": a Houston date and time, in the future. */
export const publishAtSchema = z.object({
  publishAt: z.string({ error: "Choose a date and time" }).transform((value, ctx) => {
    const instant = fromHoustonLocal(value.trim());
    if (!instant) {
      ctx.addIssue({ code: "custom", message: "Publish at must be a date and time" });
      return z.NEVER;
    }
    return instant;
  }),
});
