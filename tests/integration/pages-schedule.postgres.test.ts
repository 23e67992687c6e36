// "Publish at" with several app processes (docs/decisions/283-scheduled-publishing.md): two
// separate Node processes, each with its own connection pool, run their round at the same moment;
// the draft is published once. A process started later (a restart) finds nothing left. Run by the
// integration-postgres project only (vitest.config.ts).
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { pageLanguages, pageRevisions } from "#app/db/schema";
import { ensurePage, schedulePublication } from "#app/features/pages/pages.server";
import { appProcess, releaseTogether, stopAll } from "./app-processes";

/** One publishing round in each of as many app processes, run together at these instants. */
async function runTogether(instants: Date[]) {
  const processes = instants.map((instant) =>
    appProcess("tests/integration/pages-publish-process.ts", [instant.toISOString()]),
  );
  try {
    return (await releaseTogether(processes)).map(Number);
  } finally {
    stopAll(processes);
  }
}

describe("a scheduled publication with two app processes", () => {
  test("published once by one of them; a later process publishes nothing again", {
    timeout: 180_000,
  }, async () => {
    const page = await ensurePage("/experience-lab");
    await db()
      .update(pageLanguages)
      .set({ draftTitle: "Experience lab", draftVersion: 2 })
      .where(and(eq(pageLanguages.pageId, page.id), eq(pageLanguages.language, "en")));
    const at = new Date("2031-04-01T15:00:00Z");
    await schedulePublication(page.id, "en", at, "staff@example.org");

    // Before the time: neither publishes.
    expect(
      await runTogether([new Date(at.getTime() - 5000), new Date(at.getTime() - 5000)]),
    ).toEqual([0, 0]);
    // Within the minute after it: exactly one does.
    const counts = await runTogether([
      new Date(at.getTime() + 30_000),
      new Date(at.getTime() + 30_000),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    // A process started after that (a restart) finds nothing due.
    expect(await runTogether([new Date(at.getTime() + 90_000)])).toEqual([0]);

    const revisions = await db()
      .select()
      .from(pageRevisions)
      .where(eq(pageRevisions.pageId, page.id));
    expect(revisions).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(pageLanguages)
      .where(and(eq(pageLanguages.pageId, page.id), eq(pageLanguages.language, "en")));
    expect(row).toMatchObject({
      publishedTitle: "Experience lab",
      publishAt: null,
      publishedAt: new Date(at.getTime() + 30_000),
    });
  });
});
