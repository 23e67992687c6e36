/**
 * What the features built on the service finder read and change of its listings (listing
 * reports: a listing's name, and its "last verified" day), so that only services touches its
 * tables (docs/decisions/265-features-through-front-doors.md; exported by index.server.ts).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { hsdsService } from "#app/db/schema/services";
import type { Queryable } from "#app/lib/outbox.server";

/** The names (English, and Spanish when it has one) of the listings `ids`, by id; unknown ids are missing. */
export async function listingNames(ids: string[]) {
  const names = new Map<string, { name: string; nameEs: string | null }>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return names;
  const rows = await db()
    .select({ id: hsdsService.id, name: hsdsService.name, nameEs: hsdsService.nameEs })
    .from(hsdsService)
    .where(inArray(hsdsService.id, wanted));
  for (const row of rows) names.set(row.id, { name: row.name, nameEs: row.nameEs });
  return names;
}

/** Sets listing `id`'s last verified day to `day` (Houston, "YYYY-MM-DD"), in `runner`'s transaction. */
export async function markListingVerified(runner: Queryable, id: string, day: string) {
  await runner
    .update(hsdsService)
    .set({ lastVerified: day, lastModified: sql`now()` })
    .where(eq(hsdsService.id, id));
}
