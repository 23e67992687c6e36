/**
 * Upload rules shared by the browser (checks first) and the server (decides), as in
 * docs/decisions/040-upload-validation.md; the form's schema, which only the server runs, is in
 * upload-schema.ts (docs/decisions/107-validation-without-a-library-in-the-browser.md).
 */
import type { TFunction } from "#app/i18n/translator";
import { DOCUMENT_TYPES } from "#app/lib/storage/content-types";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The accepted types (docs/decisions/040-upload-validation.md), with the content type each file
 * is stored and served with (app/lib/storage/content-types.ts, which the storage also reads).
 */
export const ACCEPTED_TYPES = DOCUMENT_TYPES;

export type AcceptedExtension = keyof typeof ACCEPTED_TYPES;

/** For the file input's `accept` attribute. */
export const ACCEPT_ATTRIBUTE = Object.keys(ACCEPTED_TYPES)
  .map((extension) => `.${extension}`)
  .join(",");

export const MAX_FILE_NAME_LENGTH = 255;

/**
 * The upload messages in English: the wording agreed for the site, also used by the staff
 * dashboard. Public pages use `uploadMessagesFor(t)`, the same messages from the page's catalog
 * (docs/decisions/113-validation-in-the-visitors-language.md).
 */
export const uploadMessages = {
  missing: "Please select a file to upload",
  empty: "The selected file is empty. Please choose a file with content.",
  tooLarge: "The file is larger than 10MB. Please choose a smaller file.",
  wrongType:
    "This file type is not accepted. Please upload a PDF, Word, Excel, PowerPoint or text file (.pdf, .doc, .docx, .xls, .xlsx, .ppt, .pptx, .txt).",
  badName:
    "The file name contains characters that are not allowed (slashes, < >, or control characters). Please rename the file and try again.",
  longName: `The file name is too long (at most ${MAX_FILE_NAME_LENGTH} characters). Please rename the file and try again.`,
  notText: "This .txt file does not contain plain text. Please upload a UTF-8 text file.",
  wrongContent: (extension: string) =>
    `The file's content does not match its .${extension} extension. Please upload a genuine ${extension.toUpperCase()} file.`,
  unreadable: "We could not read the upload. Please try again.",
  optionalTooLong: (field: "title" | "description", max: number) =>
    `The ${field} can be at most ${max} characters.`,
  markup: (field: "title" | "description") =>
    `Please remove HTML markup (like <b>) from the ${field}.`,
};
export type UploadMessages = typeof uploadMessages;

/** The same messages in a page's language. */
export function uploadMessagesFor(t: TFunction): UploadMessages {
  const field = (name: "title" | "description") =>
    name === "title" ? t("uploads.fields.title") : t("uploads.fields.description");
  return {
    missing: t("uploads.missing"),
    empty: t("uploads.empty"),
    tooLarge: t("uploads.tooLarge"),
    wrongType: t("uploads.wrongType"),
    badName: t("uploads.badName"),
    longName: t("uploads.longName", { max: MAX_FILE_NAME_LENGTH }),
    notText: t("uploads.notText"),
    wrongContent: (extension) =>
      t("uploads.wrongContent", { extension, type: extension.toUpperCase() }),
    unreadable: t("uploads.unreadable"),
    optionalTooLong: (name, max) => t("uploads.optionalTooLong", { field: field(name), max }),
    markup: (name) => t("uploads.markup", { field: field(name) }),
  };
}

export function isAcceptedExtension(extension: string): extension is AcceptedExtension {
  return Object.hasOwn(ACCEPTED_TYPES, extension);
}

/** The lower-case extension after the last dot, or "" when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

// Path separators, markup brackets and C0/C1 control characters have no place in a name that
// becomes a displayed title.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN_NAME_CHARACTERS = /[/\\<>\u0000-\u001f\u007f-\u009f]/;

/**
 * The checks that need only the file's name and size, so the browser can run them before
 * sending anything; returns the message for the first rule broken, or null.
 */
export function checkFileBasics(
  file: { name: string; size: number } | null | undefined,
  messages: UploadMessages = uploadMessages,
) {
  if (!file || (file.name === "" && file.size === 0)) return messages.missing;
  if (FORBIDDEN_NAME_CHARACTERS.test(file.name)) return messages.badName;
  if (file.name.length > MAX_FILE_NAME_LENGTH) return messages.longName;
  if (!isAcceptedExtension(extensionOf(file.name))) return messages.wrongType;
  if (file.size === 0) return messages.empty;
  if (file.size > MAX_UPLOAD_BYTES) return messages.tooLarge;
  return null;
}

/** A public upload's file_size, in the format agreed for the site: KB with one decimal. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
