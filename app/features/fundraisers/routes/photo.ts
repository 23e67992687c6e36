import { eq, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { tabRoles } from "#app/lib/admin/tab";
import { hasRole } from "#app/lib/auth/session.server";
import { logger } from "#app/lib/logger.server";
import {
  isValidObjectKey,
  storedFileNotFound as notFound,
  storage,
} from "#app/lib/storage/index.server";
import { fundraisersTab } from "../admin/tab";
import { PHOTO_CONTENT_TYPE } from "../photos.server";
import { PUBLIC_STATUSES } from "../status";
import type { Route } from "./+types/photo";

/**
 * GET /fundraiser-photos/<key> (docs/decisions/254-fundraiser-photos.md): the photo of a page the
 * public sees, to everyone, cached for a year (a new photo gets a new key); any other page's photo
 * or a photo waiting for review only to staff, never cached; anyone else gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params.key;
  if (!isValidObjectKey(key) || !key.endsWith(".webp")) return notFound();
  const [row] = await db()
    .select({ photoKey: fundraisers.photoKey, status: fundraisers.status })
    .from(fundraisers)
    .where(or(eq(fundraisers.photoKey, key), eq(fundraisers.pendingPhotoKey, key)))
    .limit(1);
  if (!row) return notFound();
  const isPublic = row.photoKey === key && PUBLIC_STATUSES.includes(row.status);
  // Staff of the Fundraisers tab review every page's photos.
  if (!isPublic && !(await hasRole(request, tabRoles(fundraisersTab)))) return notFound();

  const object = await storage().get(key);
  if (!object) {
    logger.error({ key }, "a fundraiser photo is missing from storage");
    return notFound();
  }
  return new Response(object.body as BodyInit, {
    headers: {
      "Content-Type": PHOTO_CONTENT_TYPE,
      "Content-Length": String(object.size),
      "Cache-Control": isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
    },
  });
}
