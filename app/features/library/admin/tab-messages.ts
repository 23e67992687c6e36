import type { PageMessagesHandle } from "#app/i18n/page-messages";

/** What the library tabs draw beyond the dashboard's messages: the upload form and its checks. */
export const libraryTabHandle = {
  messages: ["forms", "uploadProgress", "uploads", "validation"],
} satisfies PageMessagesHandle;
