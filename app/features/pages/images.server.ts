import { desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageImages } from "#app/db/schema/pages";
import { newObjectKey, storage } from "#app/lib/storage/index.server";
import { toWebImage, WEB_IMAGE_CONTENT_TYPE } from "#app/lib/web-image.server";
import { PAGE_IMAGE_PREFIX } from "./addresses";

/**
 * Images for pages' bodies (docs/decisions/281-pages-drafts-and-publishing.md): made fit for the
 * page's column, stored, and recorded with the page they were uploaded for, so the serving route
 * answers only for keys a page owns.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_MAX_WIDTH = 1600;

export type UploadResult =
  | { ok: true; src: string; alt: string }
  | { ok: false; problem: "tooLarge" | "notImage" };

export async function uploadPageImage(
  pageId: string,
  bytes: Uint8Array,
  alt: string,
): Promise<UploadResult> {
  const image = await toWebImage(bytes, { maxBytes: MAX_IMAGE_BYTES, maxWidth: IMAGE_MAX_WIDTH });
  if (!image.ok) return image;
  const key = newObjectKey("image.webp");
  const staged = await storage().stage(key, image.photo.bytes, WEB_IMAGE_CONTENT_TYPE);
  try {
    await db().insert(pageImages).values({
      key,
      pageId,
      alt,
      width: image.photo.width,
      height: image.photo.height,
    });
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
  await staged.commit();
  return { ok: true, src: `${PAGE_IMAGE_PREFIX}${key}`, alt };
}

export async function imagesOfPage(pageId: string) {
  const rows = await db()
    .select()
    .from(pageImages)
    .where(eq(pageImages.pageId, pageId))
    .orderBy(desc(pageImages.createdAt));
  return rows.map((row) => ({ src: `${PAGE_IMAGE_PREFIX}${row.key}`, alt: row.alt }));
}

export async function isStoredPageImage(key: string): Promise<boolean> {
  const [row] = await db()
    .select({ key: pageImages.key })
    .from(pageImages)
    .where(eq(pageImages.key, key))
    .limit(1);
  return row !== undefined;
}
