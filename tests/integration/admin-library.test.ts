import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema";
import {
  action as documentsAction,
  loader as documentsLoader,
} from "#app/features/library/admin/documents-tab";
import { action as linksAction } from "#app/features/library/admin/links-tab";
import {
  action as statisticsAction,
  loader as statisticsLoader,
} from "#app/features/library/admin/statistics-tab";
import {
  publishedExternalLinks,
  publishedStatistics,
} from "#app/features/library/resources.server";
import { loader as fileLoader } from "#app/features/library/routes/files";
import { env } from "#app/lib/env.server";
import { storage } from "#app/lib/storage/index.server";
import { createUserSession } from "#tests/auth-utils";
import { file, pdf, pdfOfSize } from "#tests/resources-fixtures";
import { routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle, uploadRequest } from "./admin-helpers";

let editor: string;

beforeEach(async () => {
  editor = (await createUserSession("editor")).cookie;
});

async function storedFiles(): Promise<string[]> {
  return readdir(path.join(env().DATA_DIR, "uploads")).catch(() => []);
}

describe("statistics tab", () => {
  test("adds a statistic as a draft with the toast", async () => {
    const response = (await statisticsAction(
      routeArgs(
        postRequest(
          "/admin/statistics",
          {
            intent: "create",
            title: "  3,280 people counted  ",
            description: "Point-in-Time count, 2024",
            source: "Coalition for the Homeless",
            sourceUrl: "https://www.homelesshouston.org/",
            date: "2024",
          },
          editor,
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/statistics");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Statistic added successfully",
    });
    const rows = await db().select().from(statistics);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: "3,280 people counted",
      sourceUrl: "https://www.homelesshouston.org/",
      date: "2024",
      isPublished: false,
    });
  });

  test("optional fields left empty are stored as null", async () => {
    await statisticsAction(
      routeArgs(
        postRequest(
          "/admin/statistics",
          { intent: "create", title: "T", description: "D", source: "S", sourceUrl: "", date: "" },
          editor,
        ),
      ),
    );
    const [row] = await db().select().from(statistics);
    expect(row).toMatchObject({ sourceUrl: null, date: null });
  });

  test("missing required fields and a bad source URL are refused with inline errors", async () => {
    const { status, body } = await settle(
      statisticsAction(
        routeArgs(
          postRequest(
            "/admin/statistics",
            { intent: "create", title: "", description: "", source: "", sourceUrl: "not a url" },
            editor,
          ),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(fieldErrors(body)).toMatchObject({
      title: ["Title is required"],
      description: ["Description is required"],
      source: ["Source is required"],
      sourceUrl: [expect.stringContaining("full web address")],
    });
    expect(await db().$count(statistics)).toBe(0);
  });

  test("a javascript: URL never becomes a link", async () => {
    const { status } = await settle(
      linksAction(
        routeArgs(
          postRequest(
            "/admin/links",
            {
              intent: "create",
              title: "T",
              description: "D",
              url: "javascript:alert(document.cookie)",
            },
            editor,
          ),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(await db().$count(externalLinks)).toBe(0);
  });

  test("publish and unpublish change what /resources shows, with a success toast", async () => {
    const [row] = await db()
      .insert(statistics)
      .values({ title: "Beds", description: "500+ beds", source: "Us" })
      .returning();
    const publish = (await statisticsAction(
      routeArgs(
        postRequest(
          "/admin/statistics?page=1",
          { intent: "publish", id: row.id, publish: "true" },
          editor,
        ),
      ),
    )) as Response;
    expect(publish.headers.get("Location")).toBe("/admin/statistics?page=1");
    expect(await toastOf(publish)).toMatchObject({ type: "success", title: "Item published" });
    expect((await publishedStatistics({ term: "", page: 1 })).items.map((s) => s.id)).toEqual([
      row.id,
    ]);

    // Sending the same state again is harmless: the wanted state is sent, not a flip.
    await statisticsAction(
      routeArgs(
        postRequest(
          "/admin/statistics",
          { intent: "publish", id: row.id, publish: "true" },
          editor,
        ),
      ),
    );
    expect((await publishedStatistics({ term: "", page: 1 })).items).toHaveLength(1);

    const unpublish = (await statisticsAction(
      routeArgs(
        postRequest(
          "/admin/statistics",
          { intent: "publish", id: row.id, publish: "false" },
          editor,
        ),
      ),
    )) as Response;
    expect(await toastOf(unpublish)).toMatchObject({ type: "success", title: "Item unpublished" });
    expect((await publishedStatistics({ term: "", page: 1 })).items).toHaveLength(0);
  });

  test("an unknown or malformed id gets 'Failed to update item status'", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "'; drop table statistics; --"]) {
      const response = (await statisticsAction(
        routeArgs(
          postRequest("/admin/statistics", { intent: "publish", id, publish: "true" }, editor),
        ),
      )) as Response;
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "Failed to update item status",
      });
    }
  });

  test("lists drafts and published items newest first, 25 a page", async () => {
    const base = Date.parse("2026-01-01T12:00:00Z");
    await db()
      .insert(statistics)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          title: `Statistic ${index}`,
          description: "d",
          source: "s",
          isPublished: index % 2 === 0,
          createdAt: new Date(base + index * 60_000),
        })),
      );
    const first = await statisticsLoader(routeArgs(getRequest("/admin/statistics", editor)));
    expect(first.loadError).toBeNull();
    expect(first.list?.rows).toHaveLength(25);
    expect(first.list?.rows[0].title).toBe("Statistic 29");
    expect(first.list).toMatchObject({ page: 1, pageCount: 2, total: 30 });
    const second = await statisticsLoader(
      routeArgs(getRequest("/admin/statistics?page=2", editor)),
    );
    expect(second.list?.rows.map((row) => row.title)).toEqual([
      "Statistic 4",
      "Statistic 3",
      "Statistic 2",
      "Statistic 1",
      "Statistic 0",
    ]);
    // Nonsense and pages past the end are answered, not errors.
    const junk = await statisticsLoader(
      routeArgs(getRequest("/admin/statistics?page=-3x", editor)),
    );
    expect(junk.list?.page).toBe(1);
    const past = await statisticsLoader(routeArgs(getRequest("/admin/statistics?page=99", editor)));
    expect(past.list?.page).toBe(2);
  });

  test("a statistic or link the database refuses gets the failure toast", async () => {
    // Real failures: the title columns refuse this one value for the duration of the test.
    await db().execute(
      sql`alter table statistics add constraint statistics_no_boom check (title <> 'boom')`,
    );
    await db().execute(
      sql`alter table external_links add constraint links_no_boom check (title <> 'boom')`,
    );
    try {
      const statistic = (await statisticsAction(
        routeArgs(
          postRequest(
            "/admin/statistics",
            { intent: "create", title: "boom", description: "D", source: "S" },
            editor,
          ),
        ),
      )) as Response;
      expect(await toastOf(statistic)).toMatchObject({
        type: "error",
        title: "Failed to add statistic",
      });
      const link = (await linksAction(
        routeArgs(
          postRequest(
            "/admin/links",
            { intent: "create", title: "boom", description: "D", url: "https://example.org/" },
            editor,
          ),
        ),
      )) as Response;
      expect(await toastOf(link)).toMatchObject({
        type: "error",
        title: "Failed to add external link",
      });
    } finally {
      await db().execute(sql`alter table statistics drop constraint statistics_no_boom`);
      await db().execute(sql`alter table external_links drop constraint links_no_boom`);
    }
    expect(await db().$count(statistics)).toBe(0);
    expect(await db().$count(externalLinks)).toBe(0);
  });

  test("a database failure while loading gives 'Failed to load statistics'", async () => {
    await db().execute(sql`alter table statistics rename to statistics_away`);
    try {
      const result = await statisticsLoader(routeArgs(getRequest("/admin/statistics", editor)));
      expect(result).toMatchObject({ list: null, loadError: "Failed to load statistics" });
    } finally {
      await db().execute(sql`alter table statistics_away rename to statistics`);
    }
  });
});

describe("external links tab", () => {
  test("adds a link as a draft with the toast; category optional", async () => {
    const response = (await linksAction(
      routeArgs(
        postRequest(
          "/admin/links",
          {
            intent: "create",
            title: "211 Texas",
            description: "Help line",
            url: "https://www.211texas.org/",
            category: "",
          },
          editor,
        ),
      ),
    )) as Response;
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "External link added successfully",
    });
    const [row] = await db().select().from(externalLinks);
    expect(row).toMatchObject({
      url: "https://www.211texas.org/",
      category: null,
      isPublished: false,
    });

    await linksAction(
      routeArgs(
        postRequest("/admin/links", { intent: "publish", id: row.id, publish: "true" }, editor),
      ),
    );
    expect((await publishedExternalLinks({ term: "", page: 1 })).items).toHaveLength(1);
  });

  test("title, description and URL are required", async () => {
    const { status, body } = await settle(
      linksAction(routeArgs(postRequest("/admin/links", { intent: "create" }, editor))),
    );
    expect(status).toBe(400);
    expect(Object.keys(fieldErrors(body)).sort()).toEqual(["description", "title", "url"]);
  });
});

describe("documents tab", () => {
  test("uploads a document as a draft: MIME type, size in MB with two decimals", async () => {
    const response = (await documentsAction(
      routeArgs(
        await uploadRequest(
          "/admin/documents",
          {
            intent: "create",
            title: "Shelter list",
            description: "Where to sleep tonight",
            file: file(pdfOfSize(52_429), "shelters.pdf", "application/pdf"),
          },
          editor,
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Document uploaded successfully",
    });
    const [row] = await db().select().from(documents);
    expect(row).toMatchObject({
      title: "Shelter list",
      description: "Where to sleep tonight",
      fileType: "application/pdf",
      fileSize: "0.05 MB",
      isPublished: false,
    });
    expect(await storedFiles()).toContain(row.storageKey);

    // Editors can open the draft to review it; anonymous visitors cannot.
    const draft = await fileLoader(
      routeArgs(getRequest(row.fileUrl, editor), { key: row.storageKey }),
    );
    expect((draft as Response).status).toBe(200);
    const refused = await settle(
      fileLoader(routeArgs(getRequest(row.fileUrl), { key: row.storageKey })),
    );
    expect([302, 403, 404]).toContain(refused.status);
  });

  test("a text file is stored with its MIME type without parameters", async () => {
    await documentsAction(
      routeArgs(
        await uploadRequest(
          "/admin/documents",
          {
            intent: "create",
            title: "Hotlines",
            file: file("Call 2-1-1", "hotlines.txt", "text/plain"),
          },
          editor,
        ),
      ),
    );
    const [row] = await db().select().from(documents);
    expect(row).toMatchObject({ fileType: "text/plain", fileSize: "0.00 MB" });
  });

  test("a missing title or file, or a fake PDF, leaves no row and no file", async () => {
    const filesBefore = await storedFiles();
    const noTitle = await settle(
      documentsAction(
        routeArgs(
          await uploadRequest(
            "/admin/documents",
            { intent: "create", title: "", file: file(pdf(), "a.pdf", "application/pdf") },
            editor,
          ),
        ),
      ),
    );
    expect(noTitle.status).toBe(400);
    expect(fieldErrors(noTitle.body).title).toEqual(["Title is required"]);

    const noFile = await settle(
      documentsAction(
        routeArgs(
          await uploadRequest("/admin/documents", { intent: "create", title: "T" }, editor),
        ),
      ),
    );
    expect(noFile.status).toBe(400);
    expect(fieldErrors(noFile.body).file).toEqual(["Please select a file to upload"]);

    const fake = await settle(
      documentsAction(
        routeArgs(
          await uploadRequest(
            "/admin/documents",
            {
              intent: "create",
              title: "T",
              file: file("<html>hi</html>", "a.pdf", "application/pdf"),
            },
            editor,
          ),
        ),
      ),
    );
    expect(fake.status).toBe(400);
    expect(fieldErrors(fake.body).file?.[0]).toMatch(/does not match/);

    expect(await db().$count(documents)).toBe(0);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  test("an oversized body is refused before it is read", async () => {
    const request = new Request("http://localhost:3000/admin/documents", {
      method: "POST",
      headers: {
        Cookie: editor,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(11 * 1024 * 1024),
      },
      body: "--x--",
    });
    const { status } = await settle(documentsAction(routeArgs(request)));
    expect(status).toBe(413);
    expect(await db().$count(documents)).toBe(0);
  });

  test("when the row cannot be written the stored file is removed and the toast shown", async () => {
    const filesBefore = await storedFiles();
    // A real failure: the title column refuses this one value for the duration of the test.
    await db().execute(
      sql`alter table documents add constraint documents_no_boom check (title <> 'boom')`,
    );
    try {
      const response = (await documentsAction(
        routeArgs(
          await uploadRequest(
            "/admin/documents",
            { intent: "create", title: "boom", file: file(pdf(), "a.pdf", "application/pdf") },
            editor,
          ),
        ),
      )) as Response;
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "Failed to upload document",
      });
      expect(await storedFiles()).toEqual(filesBefore);
    } finally {
      await db().execute(sql`alter table documents drop constraint documents_no_boom`);
    }
  });

  test("publishing a document makes its file public", async () => {
    await documentsAction(
      routeArgs(
        await uploadRequest(
          "/admin/documents",
          { intent: "create", title: "Guide", file: file(pdf(), "guide.pdf", "application/pdf") },
          editor,
        ),
      ),
    );
    const [row] = await db().select().from(documents);
    const response = (await documentsAction(
      routeArgs(
        postRequest("/admin/documents", { intent: "publish", id: row.id, publish: "true" }, editor),
      ),
    )) as Response;
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Item published" });
    const [after] = await db().select().from(documents).where(eq(documents.id, row.id));
    expect(after.isPublished).toBe(true);
    const download = (await fileLoader(
      routeArgs(getRequest(row.fileUrl), { key: row.storageKey }),
    )) as Response;
    expect(download.status).toBe(200);
    expect(await storage().get(row.storageKey)).not.toBeNull();
  });

  test("the list shows drafts with their type and size", async () => {
    await documentsAction(
      routeArgs(
        await uploadRequest(
          "/admin/documents",
          { intent: "create", title: "Guide", file: file(pdf(), "guide.pdf", "application/pdf") },
          editor,
        ),
      ),
    );
    const { list } = await documentsLoader(routeArgs(getRequest("/admin/documents", editor)));
    expect(list?.rows).toEqual([
      expect.objectContaining({ title: "Guide", fileType: "application/pdf", isPublished: false }),
    ]);
  });
});
