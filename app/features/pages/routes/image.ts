import { logger } from "#app/lib/logger.server";
import {
  isValidObjectKey,
  storedFileNotFound as notFound,
  storage,
} from "#app/lib/storage/index.server";
import { WEB_IMAGE_CONTENT_TYPE } from "#app/lib/web-image.server";
import { isStoredPageImage } from "../images.server";
import type { Route } from "./+types/image";

/**
 * GET /page-images/<key>: an image uploaded for a page, to everyone, cached for a year (a new image
 * gets a new key). Keys no page owns get a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params.key;
  if (!isValidObjectKey(key) || !key.endsWith(".webp") || !(await isStoredPageImage(key))) {
    return notFound();
  }
  const object = await storage().get(key);
  if (!object) {
    logger.error({ key }, "a page image is missing from storage");
    return notFound();
  }
  return new Response(object.body as BodyInit, {
    headers: {
      "Content-Type": WEB_IMAGE_CONTENT_TYPE,
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
