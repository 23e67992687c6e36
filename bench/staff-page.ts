/**
 * The page staff wrote that the bench measures: /our-work, published in English, written into the
 * bench's embedded database between the first starts and the measured server, as
 * fundraiser-page.ts writes its page (one process at a time owns an embedded database).
 */
import path from "node:path";
import { openDatabase } from "#app/db/client.server";
import { pageLanguages, pages } from "#app/db/schema";

export const STAFF_PAGE = "/our-work";

const text = (value: string) => ({ type: "text", text: value });

const BODY = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [text("Housing first")] },
    {
      type: "paragraph",
      content: [text("We help neighbours without a home find a bed tonight and a home for good.")],
    },
    {
      type: "bulletList",
      content: ["Shelter beds", "Meals", "Case work"].map((item) => ({
        type: "listItem",
        content: [{ type: "paragraph", content: [text(item)] }],
      })),
    },
  ],
};

/** Publishes the page in the database the server keeps under `dataDir` (server/startup.ts). */
export async function seedStaffPage(dataDir: string) {
  const handle = openDatabase({ pgliteDir: path.join(dataDir, "db") });
  try {
    const [page] = await handle.db
      .insert(pages)
      .values({ path: STAFF_PAGE })
      .onConflictDoUpdate({ target: pages.path, set: { path: STAFF_PAGE } })
      .returning();
    const published = {
      draftTitle: "Our work",
      draftSummary: "What the foundation does, night by night.",
      draftBody: BODY,
      publishedTitle: "Our work",
      publishedSummary: "What the foundation does, night by night.",
      publishedBody: BODY,
      publishedAt: new Date(),
      publishedVersion: 1,
    };
    await handle.db
      .insert(pageLanguages)
      .values({ pageId: page.id, language: "en", ...published })
      .onConflictDoUpdate({
        target: [pageLanguages.pageId, pageLanguages.language],
        set: published,
      });
  } finally {
    await handle.close();
  }
}
