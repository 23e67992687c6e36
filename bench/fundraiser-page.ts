/**
 * The fundraiser page the bench measures: one approved page, written into the bench's
 * embedded database between the first starts (which create and migrate it) and the server that is
 * measured, since one process at a time owns an embedded database.
 */
import path from "node:path";
import { openDatabase } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema";

const SLUG = "bench-walk-for-homes";

export const FUNDRAISER_PAGE = `/fundraise/${SLUG}`;

/** Inserts the approved page into the database the server keeps under `dataDir` (server/startup.ts). */
export async function seedFundraiserPage(dataDir: string) {
  const handle = openDatabase({ pgliteDir: path.join(dataDir, "db") });
  try {
    await handle.db.insert(fundraisers).values({
      slug: SLUG,
      ownerName: "Bench Walker",
      ownerEmail: "bench-walker@example.org",
      title: "Walk for homes",
      story:
        "Twenty miles through Houston for neighbours without a home.\n\nEvery dollar goes to " +
        "the foundation's shelter beds, meals and case work.",
      goalCents: 500_000,
      status: "approved",
      approvedAt: new Date(),
      guidelinesConfirmed: true,
    });
  } finally {
    await handle.close();
  }
}
