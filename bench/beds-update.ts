/**
 * "A count update to a cached /find-help showing it, in seconds" (docs/decisions/227-beds-tonight.md):
 * a count and an update link for the sample night shelter are written into the bench's embedded
 * database before the measured server starts (as fundraiser-page.ts does, one process at a time
 * owning it); while the server runs, the count is changed through the link, as a shelter's phone
 * sends it, and the cached /find-help is read again until it shows the new figure.
 */
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { installDatabase, openDatabase } from "#app/db/client.server";
import { hsdsService, hsdsServiceCapacity, hsdsUnit } from "#app/db/schema";
import { rotateLink, updatePath } from "#app/features/beds/links.server";
import { refreshPlacesUntil } from "#app/features/services/capacity.server";

const SHELTER = "Night shelter (sample)";
const CAPACITY_ID = "bench-beds";
/** The figures before and after: each appears on the page only as "<n> beds available". */
const BEFORE = 12;
const AFTER = 37;
const POLL_MS = 50;
const GIVE_UP_MS = 30_000;

export interface CountUpdate {
  /** The update link's path, signed with SESSION_SECRET, which the server shares. */
  link: string;
}

/** The sample shelter's count and update link, in the database the server keeps under `dataDir`. */
export async function seedBedCount(dataDir: string): Promise<CountUpdate> {
  const handle = openDatabase({ pgliteDir: path.join(dataDir, "db") });
  installDatabase(handle);
  try {
    const [shelter] = await handle.db
      .select({ id: hsdsService.id })
      .from(hsdsService)
      .where(eq(hsdsService.name, SHELTER));
    if (!shelter) throw new Error(`the sample service "${SHELTER}" is not in the database`);
    await handle.db.insert(hsdsUnit).values({ id: "bench-bed", name: "bed" });
    await handle.db.insert(hsdsServiceCapacity).values({
      id: CAPACITY_ID,
      serviceId: shelter.id,
      unitId: "bench-bed",
      available: BEFORE,
      maximum: 40,
      updated: new Date(),
    });
    await refreshPlacesUntil(handle.db, [shelter.id]);
    await handle.db.execute(sql`analyze hsds_service_capacity`);
    return { link: updatePath(await rotateLink(shelter.id), "en") };
  } finally {
    await handle.close();
  }
}

async function findHelpShows(base: string, figure: number): Promise<boolean> {
  const page = await (await fetch(`${base}/find-help`)).text();
  return page.includes(`${figure} beds available`);
}

/**
 * Seconds from posting the new count through the link to /find-help showing it; /find-help is
 * read first, so the page is in the cache when the count changes.
 */
export async function countUpdateSeconds(base: string, { link }: CountUpdate): Promise<number> {
  if (!(await findHelpShows(base, BEFORE))) throw new Error("/find-help does not show the count");
  const token = new URL(link, base).searchParams.get("token") ?? "";
  const started = performance.now();
  const response = await fetch(`${base}/beds/update`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ token, capacity: CAPACITY_ID, available: String(AFTER) }),
    redirect: "manual",
  });
  if (response.status !== 302) {
    throw new Error(`the update link refused the count: ${response.status}`);
  }
  while (!(await findHelpShows(base, AFTER))) {
    if (performance.now() - started > GIVE_UP_MS) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return (performance.now() - started) / 1000;
}
