/**
 * The library kinds' CSV exports, driven by app/lib/library-kinds.ts
 * (docs/decisions/142-library-kinds.md).
 */
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { adminTabs } from "#app/dashboard/tabs";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema";
import { libraryKinds } from "#app/features/library/kinds";
import { loader as resourcesLoader } from "#app/features/library/routes/resources";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, settle } from "./admin-helpers";

async function download(file: string, cookie: string, query = "") {
  return settle(
    exportLoader(routeArgs(getRequest(`/admin/export/${file}${query}`, cookie), { file })),
  );
}

async function csvRows(file: string, cookie: string, query = "") {
  const { body } = await download(file, cookie, query);
  expect(body).toBeInstanceOf(Response);
  return parse(await (body as Response).text(), { bom: true }) as string[][];
}

const march = new Date("2026-03-05T20:30:00Z");
const april = new Date("2026-04-10T15:00:00Z");

describe("library kinds", () => {
  test("each kind is a dashboard tab for editors with its own CSV, and a tab of /resources", async () => {
    for (const kind of libraryKinds) {
      expect(adminTabs).toContainEqual(
        expect.objectContaining({ slug: kind, roles: ["editor"], csv: `${kind}.csv` }),
      );
      const { body } = await settle(
        resourcesLoader(routeArgs(new Request(`http://localhost:3000/resources?tab=${kind}`))),
      );
      expect(body).toMatchObject({ tab: kind, list: { kind, items: [] } });
    }
  });

  test("an empty export comes back to its tab with the kind's message", async () => {
    const { cookie } = await createUserSession("editor");
    for (const [file, message] of [
      ["documents.csv", "No documents to export"],
      ["statistics.csv", "No statistics to export"],
      ["links.csv", "No external links to export"],
    ] as const) {
      const { body } = await download(file, cookie);
      expect((body as Response).headers.get("Location")).toBe(`/admin/${file.split(".")[0]}`);
      expect(await toastOf(body as Response)).toMatchObject({ title: message });
    }
  });

  test("exports hold drafts and published items, newest first, within the dates asked", async () => {
    const { cookie } = await createUserSession("editor");
    await db()
      .insert(statistics)
      .values([
        {
          title: "Beds",
          description: "=1 bed per 4 people",
          source: "HUD",
          sourceUrl: "https://example.org/hud",
          date: "March 2026",
          isPublished: true,
          createdAt: march,
        },
        {
          title: "Meals",
          description: "Meals served",
          source: "Us",
          isPublished: false,
          createdAt: april,
        },
      ]);
    await db().insert(externalLinks).values({
      title: "211 Texas",
      description: "Help line",
      url: "https://www.211texas.org",
      isPublished: false,
      createdAt: march,
    });
    await db().insert(documents).values({
      title: "Shelter list",
      fileUrl: "/files/abc.pdf",
      storageKey: "abc.pdf",
      fileType: "application/pdf",
      fileSize: "0.10 MB",
      isPublished: true,
      createdAt: march,
    });

    expect(await csvRows("statistics.csv", cookie)).toEqual([
      ["Title", "Description", "Source", "Source URL", "Date", "Status", "Added"],
      ["Meals", "Meals served", "Us", "", "", "Draft", "2026-04-10 10:00"],
      // Formula-like text is neutralised as in every export.
      [
        "Beds",
        "'=1 bed per 4 people",
        "HUD",
        "https://example.org/hud",
        "March 2026",
        "Published",
        "2026-03-05 14:30",
      ],
    ]);
    expect(await csvRows("statistics.csv", cookie, "?from=2026-04-01&to=2026-04-30")).toEqual([
      ["Title", "Description", "Source", "Source URL", "Date", "Status", "Added"],
      ["Meals", "Meals served", "Us", "", "", "Draft", "2026-04-10 10:00"],
    ]);
    expect(await csvRows("links.csv", cookie)).toEqual([
      ["Title", "Description", "URL", "Category", "Status", "Added"],
      ["211 Texas", "Help line", "https://www.211texas.org", "", "Draft", "2026-03-05 14:30"],
    ]);
    expect(await csvRows("documents.csv", cookie)).toEqual([
      ["Title", "Description", "File URL", "File Type", "File Size", "Status", "Added"],
      [
        "Shelter list",
        "",
        "/files/abc.pdf",
        "application/pdf",
        "0.10 MB",
        "Published",
        "2026-03-05 14:30",
      ],
    ]);
  });

  test("finance staff, who cannot open the library tabs, cannot export them either", async () => {
    const { cookie } = await createUserSession("finance");
    for (const kind of libraryKinds) {
      const { status } = await download(`${kind}.csv`, cookie);
      expect(status).toBe(403);
    }
  });
});
