import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema";
import { action as documentsAction } from "#app/features/library/admin/documents-tab";
import { RESOURCES_PAGE_SIZE } from "#app/features/library/resources.server";
import { loader } from "#app/features/library/routes/resources";
import { createUserSession, requestWithCookie } from "#tests/auth-utils";
import { routeArgs } from "#tests/utils";
import { postRequest } from "./admin-helpers";

type PageData = {
  tab: string;
  term: string;
  page: number;
  showAdminLink: boolean;
  failed: boolean;
  searchError: string | null;
  list: { kind: string; page: number; hasNext: boolean; items: { title: string }[] } | null;
};

async function load(query: string, cookie?: string) {
  const url = `http://localhost:3000/resources${query}`;
  const request = cookie ? requestWithCookie(url, cookie) : new Request(url);
  const result = (await loader(routeArgs(request))) as unknown as {
    data: PageData;
    init: { status?: number } | null;
  };
  return { ...result.data, status: result.init?.status ?? 200 };
}

const titles = (page: PageData) => page.list?.items.map((item) => item.title);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function documentRow(
  title: string,
  options: { description?: string; isPublished?: boolean; minutes?: number } = {},
) {
  const key = `${crypto.randomUUID().replaceAll("-", "")}.pdf`;
  return {
    title,
    description: options.description ?? null,
    fileUrl: `/files/${key}`,
    storageKey: key,
    fileType: "PDF",
    fileSize: "1.0 KB",
    isPublished: options.isPublished ?? true,
    createdAt: minutesAgo(options.minutes ?? 0),
  };
}

describe("public resource lists", () => {
  test("show only published documents, newest first", async () => {
    await db()
      .insert(documents)
      .values([
        documentRow("Old guide", { minutes: 30 }),
        documentRow("Draft guide", { minutes: 1, isPublished: false }),
        documentRow("New guide", { minutes: 5 }),
      ]);
    const page = await load("");
    expect(page.tab).toBe("documents");
    expect(titles(page)).toEqual(["New guide", "Old guide"]);
  });

  test("each tab lists its own kind, and an unknown tab falls back to documents", async () => {
    await db()
      .insert(statistics)
      .values([
        {
          title: "3,280 people",
          description: "Point-in-time count",
          source: "Coalition",
          isPublished: true,
        },
        { title: "Hidden figure", description: "draft", source: "x", isPublished: false },
      ]);
    await db()
      .insert(externalLinks)
      .values([
        {
          title: "211 Texas",
          description: "Helpline",
          url: "https://www.211texas.org/",
          isPublished: true,
        },
      ]);
    expect(titles(await load("?tab=statistics"))).toEqual(["3,280 people"]);
    expect(titles(await load("?tab=links"))).toEqual(["211 Texas"]);
    const fallback = await load("?tab=<script>");
    expect(fallback.tab).toBe("documents");
    expect(fallback.status).toBe(200);
  });

  test("search is a case-insensitive substring match on title or description", async () => {
    await db()
      .insert(documents)
      .values([
        documentRow("Emergency SHELTER list", { minutes: 3 }),
        documentRow("Food pantries", { description: "Near shelters downtown", minutes: 2 }),
        documentRow("Bus passes", { minutes: 1 }),
        documentRow("Shelter draft", { isPublished: false }),
      ]);
    expect(titles(await load("?q=shelter"))).toEqual(["Food pantries", "Emergency SHELTER list"]);
    expect(titles(await load("?q=%20%20elter%20l%20%20"))).toEqual(["Emergency SHELTER list"]);
    const none = await load("?q=zebra");
    expect(none.list?.items).toEqual([]);
    expect(none.term).toBe("zebra");
  });

  test("wildcards, backslashes and quotes in a search are taken literally", async () => {
    await db()
      .insert(documents)
      .values([
        documentRow("100% free meals", { minutes: 5 }),
        documentRow("1000 free meals", { minutes: 4 }),
        documentRow("file_name guide", { minutes: 3 }),
        documentRow("filename guide", { minutes: 2 }),
        documentRow("C:\\forms\\rent.pdf", { minutes: 1 }),
        documentRow(`Dad's "quick" list`),
      ]);
    expect(titles(await load("?q=100%25"))).toEqual(["100% free meals"]);
    expect(titles(await load("?q=%25"))).toEqual(["100% free meals"]);
    expect(titles(await load("?q=file_"))).toEqual(["file_name guide"]);
    expect(titles(await load("?q=_"))).toEqual(["file_name guide"]);
    expect(titles(await load("?q=%5Cforms%5C"))).toEqual(["C:\\forms\\rent.pdf"]);
    expect(titles(await load("?q=%5C"))).toEqual(["C:\\forms\\rent.pdf"]);
    expect(titles(await load(`?q=${encodeURIComponent(`'s "quick"`)}`))).toEqual([
      `Dad's "quick" list`,
    ]);
    expect(titles(await load(`?q=${encodeURIComponent("'; drop table documents; --")}`))).toEqual(
      [],
    );
  });

  test("a 10,000-character search gets a message instead of a query; control bytes are harmless", async () => {
    await db()
      .insert(documents)
      .values([documentRow("Guide")]);
    const long = await load(`?q=${"a".repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(long.searchError).toBe("Please shorten your search to at most 200 characters.");
    expect(long.list).toBeNull();
    expect(long.term).toHaveLength(200);

    const nul = await load("?q=Gu%00ide");
    expect(nul.status).toBe(200);
    expect(nul.list?.items).toEqual([]);
    expect(titles(await load("?q=%00Guide%01"))).toEqual(["Guide"]);
  });

  test("pages hold twelve items and say whether another page follows", async () => {
    await db()
      .insert(documents)
      .values(
        Array.from({ length: 30 }, (_, index) =>
          documentRow(`Doc ${index + 1}`, { minutes: index }),
        ),
      );
    const first = await load("");
    expect(first.list?.items).toHaveLength(RESOURCES_PAGE_SIZE);
    expect(first.list?.hasNext).toBe(true);
    expect(titles(first)?.[0]).toBe("Doc 1");
    const third = await load("?page=3");
    expect(titles(third)).toEqual(["Doc 25", "Doc 26", "Doc 27", "Doc 28", "Doc 29", "Doc 30"]);
    expect(third.list?.hasNext).toBe(false);
    expect(titles(await load("?page=9"))).toEqual([]);
    for (const bad of ["0", "-1", "abc", "1.5", "1e400"]) {
      expect((await load(`?page=${bad}`)).page, bad).toBe(1);
    }
  });

  test("the Admin Dashboard link is offered to staff only", async () => {
    expect((await load("")).showAdminLink).toBe(false);
    const user = await createUserSession("user");
    expect((await load("", user.cookie)).showAdminLink).toBe(false);
    const editor = await createUserSession("editor");
    expect((await load("", editor.cookie)).showAdminLink).toBe(true);
  });

  test("a page of results is read at most once a second; publishing through the app shows at once", async () => {
    const [draft] = await db()
      .insert(documents)
      .values([documentRow("Winter shelter hours", { isPublished: false })])
      .returning({ id: documents.id });
    const readAt = Date.now();
    expect(titles(await load("?q=shelter"))).toEqual([]);
    // Published behind the app's back, as another process without Redis would: the page read a
    // moment ago is reused for up to a second, then read again.
    await db().update(documents).set({ isPublished: true });
    const shownMeanwhile = await load("?q=shelter");
    expect(Date.now() - readAt).toBeLessThan(1000);
    expect(titles(shownMeanwhile)).toEqual([]);
    // Another term, another page: read now.
    expect(titles(await load("?q=winter"))).toEqual(["Winter shelter hours"]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(titles(await load("?q=shelter"))).toEqual(["Winter shelter hours"]);

    // Unpublished through the dashboard: the very next search no longer lists it.
    const editor = await createUserSession("editor");
    const reply = await documentsAction(
      routeArgs(
        postRequest(
          "/admin/documents",
          { intent: "publish", id: draft.id, publish: "false" },
          editor.cookie,
        ),
      ),
    );
    expect(reply).toBeInstanceOf(Response);
    expect(titles(await load("?q=shelter"))).toEqual([]);
  });
});
