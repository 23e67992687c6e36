import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/**
 * An uploaded picture made fit for a page (docs/decisions/254-fundraiser-photos.md): checked by its
 * content (JPEG, PNG or WebP), turned upright, resized to at most `maxWidth` and written out again as
 * WebP without its metadata (GPS position, camera). Fundraiser photos and the pages' images use it.
 */

/** Decoding stops at this many pixels (a small file may claim a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;
const IMAGE_TYPES = new Set(["jpg", "png", "webp"]);
export const WEB_IMAGE_CONTENT_TYPE = "image/webp";

export interface WebImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type WebImageResult =
  | { ok: true; photo: WebImage }
  | { ok: false; problem: "tooLarge" | "notImage" };

export async function toWebImage(
  bytes: Uint8Array,
  { maxBytes, maxWidth }: { maxBytes: number; maxWidth: number },
): Promise<WebImageResult> {
  if (bytes.byteLength > maxBytes) return { ok: false, problem: "tooLarge" };
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  if (!detected || !IMAGE_TYPES.has(detected)) return { ok: false, problem: "notImage" };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      photo: { bytes: new Uint8Array(data), width: info.width, height: info.height },
    };
  } catch {
    // A truncated or corrupt image starts like one but does not decode.
    return { ok: false, problem: "notImage" };
  }
}
