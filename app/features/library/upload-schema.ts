/**
 * The upload form's schema: run by the server only
 * (docs/decisions/107-validation-without-a-library-in-the-browser.md).
 */
import { z } from "zod";
import { checkFileBasics, type UploadMessages, uploadMessages } from "./uploads";

/** Text that looks like an HTML tag; a lone "<" as in "< $500" is fine. */
const MARKUP = /<[a-z!/?]/i;

const optionalText = (messages: UploadMessages, field: "title" | "description", max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.optionalTooLong(field, max))
    .refine((value) => !MARKUP.test(value), messages.markup(field))
    .optional();

/** The upload dialog's fields; the server also checks the file's content (uploads.server.ts). */
export function uploadFormSchemaWith(messages: UploadMessages) {
  return z.object({
    file: z
      .custom<File>((value) => typeof File !== "undefined" && value instanceof File, {
        message: messages.missing,
      })
      .superRefine((file, context) => {
        const problem = checkFileBasics(file, messages);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    title: optionalText(messages, "title", 200),
    description: optionalText(messages, "description", 2000),
  });
}

/** In English, for the staff dashboard. */
export const uploadFormSchema = uploadFormSchemaWith(uploadMessages);
