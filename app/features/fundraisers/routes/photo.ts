import { eq, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { logger } from "#app/lib/logger.server";
import { isValidObjectKey, storage } from "#app/lib/storage/index.server";
import { fundraisersTab } from "../admin/tab";
import { PHOTO_CONTENT_TYPE } from "../photos.server";
import { PUBLIC_STATUSES } from "../status";
import type { Route } from "./+types/photo";

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Whether the visitor is staff of the Fundraisers tab (who review every page's photos). */
async function isFundraiserStaff(request: Request) {
  try {
    await requireRole(request, tabRoles(fundraisersTab));
    return true;
  } catch (refusal) {
    // requireRole throws a redirect or a 403 Response; anything else is a real fault.
    if (refusal instanceof Response) return false;
    throw refusal;
  }
}

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
  if (!isPublic && !(await isFundraiserStaff(request))) return notFound();

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
