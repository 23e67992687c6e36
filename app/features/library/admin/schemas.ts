import { z } from "zod";
import type { LibraryKind } from "#app/features/library/kinds";
import { uploadFormSchema } from "#app/features/library/upload-schema";

/**
 * Dashboard form schemas, checked by the actions (the pages check the same rules natively). Empty
 * fields reach these as undefined (Conform strips them), so optional means "may be left blank".
 */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

// Only web addresses: a javascript: or data: URL must never become a link on the public site.
const webUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: `${label} must be a full web address starting with https:// or http://`,
      }),
    );

/** The optional Spanish title and description every kind has; only spaces count as blank. */
const spanishTexts = {
  titleEs: optionalText("Spanish title", 200).transform((value) => value || undefined),
  descriptionEs: optionalText("Spanish description", 2000).transform((value) => value || undefined),
};

/**
 * The public upload's file and description rules (docs/decisions/040-upload-validation.md); staff
 * must also give a title.
 */
export const documentSchema = uploadFormSchema.extend({
  title: required("Title", 200),
  ...spanishTexts,
});

export const statisticSchema = z.object({
  title: required("Title", 200),
  description: required("Description", 2000),
  source: required("Source", 200),
  sourceUrl: webUrl("Source URL").optional(),
  date: optionalText("Date", 50),
  ...spanishTexts,
});

export const externalLinkSchema = z.object({
  title: required("Title", 200),
  description: required("Description", 2000),
  url: webUrl("URL"),
  category: optionalText("Category", 50),
  ...spanishTexts,
});

/** Each library kind's "add" form (their fields are in library-kinds.ts). */
export const librarySchemas = {
  documents: documentSchema,
  statistics: statisticSchema,
  links: externalLinkSchema,
} satisfies Record<LibraryKind, z.ZodObject>;

/** Publish / Unpublish: the wanted state is sent, so a repeated click cannot flip it back. */
export const publishSchema = z.object({
  id: z.uuid(),
  publish: z.enum(["true", "false"]).transform((value) => value === "true"),
});
