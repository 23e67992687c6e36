/**
 * A fundraiser page's photo (docs/decisions/254-fundraiser-photos.md): a JPEG, PNG or WebP image of
 * at most 5 MB made fit for the page (app/lib/web-image.server.ts), then stored like the library's
 * files.
 */
import { eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import type { TFunction } from "#app/i18n/translator";
import { formRefusal } from "#app/lib/form-actions.server";
import { newObjectKey, storage } from "#app/lib/storage/index.server";
import { refuseOversizedUpload } from "#app/lib/uploads.server";
import {
  toWebImage,
  WEB_IMAGE_CONTENT_TYPE,
  type WebImage,
  type WebImageResult,
} from "#app/lib/web-image.server";
import { MAX_PHOTO_BYTES } from "./photo";

/** The page's column is 48rem wide: 1200 pixels keep the photo sharp on high-density screens. */
const PHOTO_MAX_WIDTH = 1200;
export const PHOTO_CONTENT_TYPE = WEB_IMAGE_CONTENT_TYPE;

export type ProcessedPhoto = WebImage;

/** Checks the bytes and makes the photo the page shows; sharp drops every metadata block. */
export function processPhoto(bytes: Uint8Array): Promise<WebImageResult> {
  return toWebImage(bytes, { maxBytes: MAX_PHOTO_BYTES, maxWidth: PHOTO_MAX_WIDTH });
}

const PHOTO_MESSAGES = {
  tooLarge: "fundraising.errors.photoTooLarge",
  notImage: "fundraising.errors.photoNotImage",
} as const;

/**
 * The form's optional `photo` field: no file (an empty file input) is null, a file becomes the
 * processed photo or the field's message. The schema using it is parsed asynchronously.
 */
export function photoField(t: TFunction) {
  return z
    .custom<File | undefined>((value) => value === undefined || value instanceof File)
    .optional()
    .transform(async (file, context) => {
      if (!file || (file.size === 0 && file.name === "")) return null;
      const result = await processPhoto(new Uint8Array(await file.arrayBuffer()));
      if (result.ok) return result.photo;
      context.addIssue({ code: "custom", message: t(PHOTO_MESSAGES[result.problem]) });
      return z.NEVER;
    });
}

/**
 * A multipart post is refused before its body is read when it is larger than a photo and the
 * form's text could make it (the form's `intent` names the form that shows the message).
 */
export async function refuseOversizedPhotoPost(request: Request, t: TFunction, intent?: string) {
  const type = request.headers.get("Content-Type")?.toLowerCase() ?? "";
  if (!type.startsWith("multipart/form-data")) return null;
  const refusal = await refuseOversizedUpload(
    request,
    { tooLarge: t(PHOTO_MESSAGES.tooLarge), unreadable: t("fundraising.errors.photoUnreadable") },
    MAX_PHOTO_BYTES,
  );
  if (!refusal) return null;
  return {
    reply: formRefusal(refusal.message, intent ? { intent } : {}),
    status: refusal.status,
  };
}

/**
 * Stores the photo under a new key, staged: `commit` once the row naming it is written, `discard`
 * if that fails (docs/decisions/123-crash-safety-of-writes.md).
 */
export async function stagePhoto(photo: ProcessedPhoto) {
  const key = newObjectKey("photo.webp");
  const staged = await storage().stage(key, photo.bytes, PHOTO_CONTENT_TYPE);
  return { key, ...staged };
}

/**
 * Runs `write` with the photo staged (when there is one), then commits it if `write` stored its
 * key in a row, or discards it.
 */
export async function withStagedPhoto<T>(
  photo: ProcessedPhoto | null | undefined,
  write: (key: string | null) => Promise<{ value: T; stored: boolean }>,
): Promise<T> {
  const staged = photo ? await stagePhoto(photo) : null;
  let written: { value: T; stored: boolean };
  try {
    written = await write(staged?.key ?? null);
  } catch (error) {
    await staged?.discard().catch(() => undefined);
    throw error;
  }
  if (written.stored) await staged?.commit();
  else await staged?.discard();
  return written.value;
}

/** Removes photos no row names any more (a replaced or turned-down one). */
export async function deletePhotos(keys: (string | null | undefined)[]) {
  for (const key of keys) {
    if (key) await storage().delete(key);
  }
}

/** Whether a fundraiser page's photo, approved or waiting for staff, is the stored file `key`. */
export async function fundraiserPhotoHoldsFile(database: Database, key: string) {
  const found = await database
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .where(or(eq(fundraisers.photoKey, key), eq(fundraisers.pendingPhotoKey, key)))
    .limit(1);
  return found.length > 0;
}
