/**
 * The site's pages (issue 60, docs/decisions/281-pages-drafts-and-publishing.md): drafts and
 * publishing per language, the not-translated notice, refused links and bodies, the conflict on a
 * second save, revisions and restore, preview links, scheduled publishing, the sitemap, the page
 * cache's signal and the roles.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { pageLanguages, pagePreviewTokens, pageRevisions, pages } from "#app/db/schema";
import * as donationsRoute from "#app/features/donations/admin/donations-tab";
import { carryOverAboutPage } from "#app/features/pages/about-draft.server";
import * as editorRoute from "#app/features/pages/admin/page-editor";
import * as previewRoute from "#app/features/pages/admin/page-preview";
import * as tabRoute from "#app/features/pages/admin/pages-tab";
import * as revisionsRoute from "#app/features/pages/admin/revisions";
import { carryOverImpactFigures } from "#app/features/pages/impact.server";
import { onPagesChange, type PublicPageView } from "#app/features/pages/index.server";
import { publishDuePages } from "#app/features/pages/pages.server";
import * as imageRoute from "#app/features/pages/routes/image";
import * as staffPageRoute from "#app/features/pages/routes/page";
import * as previewLinkRoute from "#app/features/pages/routes/preview-link";
import { toHoustonLocal } from "#app/lib/houston-calendar";
import { parseRichText } from "#app/lib/rich-text";
import * as homeRoute from "#app/site/routes/home";
import * as placeholderRoute from "#app/site/routes/placeholder";
import { loader as sitemapLoader } from "#app/site/routes/sitemap";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest, settle, uploadRequest } from "./admin-helpers";

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, marks });
const bodyWith = (...content: unknown[]) => JSON.stringify({ type: "doc", content });
const paragraph = (value: string) => ({ type: "paragraph", content: [text(value)] });
const linkBody = (href: string) =>
  bodyWith({ type: "paragraph", content: [text("see", [{ type: "link", attrs: { href } }])] });

async function editorSession() {
  return (await createUserSession("pages")).cookie;
}

/** Opens a site address from the tab, as "Write" does; returns the page's id. */
async function openPage(address: string, cookie: string) {
  const { body } = await settle(
    tabRoute.action(routeArgs(postRequest("/admin/pages", { intent: "open", address }, cookie))),
  );
  const location = (body as Response).headers.get("Location") ?? "";
  const id = /^\/admin\/pages\/([0-9a-f-]{36})\/en$/.exec(location)?.[1];
  if (!id) throw new Error(`no page opened: ${location}`);
  return id;
}

async function draftOf(id: string, language: "en" | "es") {
  const [row] = await db()
    .select()
    .from(pageLanguages)
    .where(and(eq(pageLanguages.pageId, id), eq(pageLanguages.language, language)));
  return row;
}

function edit(
  id: string,
  language: "en" | "es",
  fields: Record<string, string>,
  cookie: string | undefined,
) {
  return settle(
    editorRoute.action(
      routeArgs(postRequest(`/admin/pages/${id}/${language}`, fields, cookie), { id, language }),
    ),
  );
}

async function save(
  id: string,
  language: "en" | "es",
  intent: string,
  fields: { title: string; body: string; summary?: string; publishAt?: string },
  cookie: string,
) {
  const { draftVersion } = await draftOf(id, language);
  return edit(
    id,
    language,
    { intent, version: String(draftVersion), summary: "", ...fields },
    cookie,
  );
}

async function visit(path: string) {
  const { status, body } = await settle(placeholderRoute.loader(routeArgs(getRequest(path))));
  return { status, data: body as { written: PublicPageView | null } };
}

const errorsOf = (body: unknown) => (body as { errors: string[] }).errors;

describe("drafts and publishing, language by language", () => {
  test("a draft changes nothing public; publishing English shows it, and the Spanish address shows it with the notice", async () => {
    const cookie = await editorSession();
    const id = await openPage("/our-work", cookie);
    const english = bodyWith(
      { type: "heading", attrs: { level: 2 }, content: [text("Programs")] },
      paragraph("We house people."),
    );
    const saved = await save(id, "en", "save", { title: "Our work", body: english }, cookie);
    expect(saved.status).toBe(302);
    expect((await toastOf(saved.body as Response))?.title).toBe("Draft saved");

    // Still the placeholder for visitors.
    expect((await visit("/our-work")).data.written).toBeNull();

    const changed: string[] = [];
    const stop = onPagesChange(() => changed.push("pages"));
    try {
      const published = await save(
        id,
        "en",
        "publish",
        { title: "Our work", body: english },
        cookie,
      );
      expect(published.status).toBe(302);
    } finally {
      stop();
    }
    // The page cache hears of it (server/app.ts drops topic "pages" in every process).
    expect(changed).toEqual(["pages"]);

    const en = (await visit("/our-work")).data.written;
    expect(en).toMatchObject({
      page: { title: "Our work" },
      shownIn: "en",
      notTranslated: false,
      publishedLanguages: ["en"],
    });
    const es = (await visit("/es/our-work")).data.written;
    expect(es).toMatchObject({ page: { title: "Our work" }, shownIn: "en", notTranslated: true });

    // Publishing English published no Spanish, and wrote nothing into the Spanish draft.
    const spanish = await draftOf(id, "es");
    expect(spanish.publishedAt).toBeNull();
    expect(spanish.draftTitle).toBe("");
    expect(spanish.draftBody).toEqual({ type: "doc", content: [] });

    // Spanish, written and published on its own.
    await save(
      id,
      "es",
      "publish",
      { title: "Nuestro trabajo", body: bodyWith(paragraph("Damos techo.")) },
      cookie,
    );
    expect((await visit("/es/our-work")).data.written).toMatchObject({
      page: { title: "Nuestro trabajo" },
      shownIn: "es",
      notTranslated: false,
      publishedLanguages: ["en", "es"],
    });
    expect((await visit("/our-work")).data.written?.page.title).toBe("Our work");
  });

  test("English published after Spanish marks the Spanish out of date until it is published again", async () => {
    const cookie = await editorSession();
    const id = await openPage("/careers", cookie);
    await save(
      id,
      "en",
      "publish",
      { title: "Careers", body: bodyWith(paragraph("Jobs.")) },
      cookie,
    );
    await save(
      id,
      "es",
      "publish",
      { title: "Empleos", body: bodyWith(paragraph("Trabajos.")) },
      cookie,
    );
    const stateOf = async () => {
      const { body } = await settle(tabRoute.loader(routeArgs(getRequest("/admin/pages", cookie))));
      const row = (body as { rows: { path: string; es: { state: string } }[] }).rows.find(
        (r) => r.path === "/careers",
      );
      return row?.es.state;
    };
    expect(await stateOf()).toBe("published");
    await save(
      id,
      "en",
      "publish",
      { title: "Careers", body: bodyWith(paragraph("New jobs.")) },
      cookie,
    );
    expect(await stateOf()).toBe("out-of-date");
    await save(
      id,
      "es",
      "publish",
      { title: "Empleos", body: bodyWith(paragraph("Nuevos.")) },
      cookie,
    );
    expect(await stateOf()).toBe("published");
  });

  test("a page added under /p/ is a 404 until published, then served", async () => {
    const cookie = await editorSession();
    const { body } = await settle(
      tabRoute.action(
        routeArgs(postRequest("/admin/pages", { intent: "new", slug: "Winter Drive" }, cookie)),
      ),
    );
    const id = /pages\/([0-9a-f-]{36})\/en$/.exec(
      (body as Response).headers.get("Location") ?? "",
    )?.[1];
    expect(id).toBeDefined();
    const open = () => settle(staffPageRoute.loader(routeArgs(getRequest("/p/winter-drive"))));
    expect((await open()).status).toBe(404);
    await save(
      id!,
      "en",
      "publish",
      { title: "Winter drive", body: bodyWith(paragraph("Coats.")) },
      cookie,
    );
    const served = await open();
    expect(served.status).toBe(200);
    expect((served.body as { written: { page: { title: string } } }).written.page.title).toBe(
      "Winter drive",
    );

    // The same address twice is refused.
    const again = await settle(
      tabRoute.action(
        routeArgs(postRequest("/admin/pages", { intent: "new", slug: "winter-drive" }, cookie)),
      ),
    );
    expect(again.status).toBe(400);
  });
});

describe("what a save refuses", () => {
  test.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox",
    "file:///etc/passwd",
    "//evil.example/x",
    "ftp://example.org/a",
  ])("the link %s is refused, named, and nothing is saved", async (href) => {
    const cookie = await editorSession();
    const id = await openPage("/help", cookie);
    const before = await draftOf(id, "en");
    const { status, body } = await save(
      id,
      "en",
      "save",
      { title: "Help", body: linkBody(href) },
      cookie,
    );
    expect(status).toBe(400);
    expect(errorsOf(body)[0]).toContain(`"${href}"`);
    expect(await draftOf(id, "en")).toEqual(before);
  });

  test.each([
    [
      "a heading of level 1",
      bodyWith({ type: "heading", attrs: { level: 1 }, content: [text("A")] }),
    ],
    ["raw HTML", bodyWith({ type: "html", html: "<script>alert(1)</script>" })],
    [
      "an image without alternative text",
      bodyWith({ type: "image", attrs: { src: "/page-images/a.webp", alt: "" } }),
    ],
    [
      "an image from elsewhere",
      bodyWith({ type: "image", attrs: { src: "/files/a.webp", alt: "A" } }),
    ],
    ["text that is not JSON", "{not json"],
  ])("a body with %s is refused and nothing is saved", async (_name, body) => {
    const cookie = await editorSession();
    const id = await openPage("/financials", cookie);
    const before = await draftOf(id, "en");
    const result = await save(id, "en", "publish", { title: "Financials", body }, cookie);
    expect(result.status).toBe(400);
    expect(errorsOf(result.body).length).toBeGreaterThan(0);
    expect(await draftOf(id, "en")).toEqual(before);
    expect((await visit("/financials")).data.written).toBeNull();
  });

  test("the second of two saves from the same version is refused with the other version", async () => {
    const cookie = await editorSession();
    const other = (await createUserSession("pages", { email: "other@example.org" })).cookie;
    const id = await openPage("/founder", cookie);
    const { draftVersion: version } = await draftOf(id, "en");
    const first = await edit(
      id,
      "en",
      {
        intent: "save",
        version: String(version),
        title: "First",
        summary: "",
        body: bodyWith(paragraph("One")),
      },
      other,
    );
    expect(first.status).toBe(302);
    const second = await edit(
      id,
      "en",
      {
        intent: "save",
        version: String(version),
        title: "Second",
        summary: "",
        body: bodyWith(paragraph("Two")),
      },
      cookie,
    );
    expect(second.status).toBe(409);
    const reply = second.body as {
      errors: string[];
      values: { title: string; version: number };
      conflict: { title: string; updatedBy: string };
    };
    expect(reply.errors[0]).toContain("changed since you opened it");
    expect(reply.conflict).toMatchObject({ title: "First", updatedBy: "other@example.org" });
    // The refused text stays in the form, against the version it now knows about.
    expect(reply.values).toMatchObject({ title: "Second", version: version + 1 });
    expect((await draftOf(id, "en")).draftTitle).toBe("First");
    // Saving again, knowingly, replaces it.
    const third = await edit(
      id,
      "en",
      {
        intent: "save",
        version: String(reply.values.version),
        title: "Second",
        summary: "",
        body: bodyWith(paragraph("Two")),
      },
      cookie,
    );
    expect(third.status).toBe(302);
    expect((await draftOf(id, "en")).draftTitle).toBe("Second");
  });
});

describe("revisions", () => {
  test("every publication is kept; two compare; restoring makes a draft and publishes nothing", async () => {
    const cookie = await editorSession();
    const id = await openPage("/help", cookie);
    await save(
      id,
      "en",
      "publish",
      { title: "Help v1", body: bodyWith(paragraph("First words.")) },
      cookie,
    );
    await save(
      id,
      "en",
      "publish",
      { title: "Help v2", body: bodyWith(paragraph("Second words.")) },
      cookie,
    );
    const revisions = await db().select().from(pageRevisions).where(eq(pageRevisions.pageId, id));
    expect(revisions.map((r) => r.title).sort()).toEqual(["Help v1", "Help v2"]);
    expect(
      revisions.every((r) => r.publishedBy.endsWith("@example.org") || r.publishedBy.length > 0),
    ).toBe(true);

    const [v2, v1] = [...revisions].sort(
      (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime(),
    );
    const url = `/admin/pages/${id}/en/revisions?compare=${v2.id}&compare=${v1.id}`;
    const { body } = await settle(
      revisionsRoute.loader(routeArgs(getRequest(url, cookie), { id, language: "en" })),
    );
    const compared = (
      body as { compared: { older: { lines: { text: string; changed: boolean }[] } } }
    ).compared;
    expect(compared.older.lines).toContainEqual(
      expect.objectContaining({ text: "First words.", changed: true }),
    );
    expect(compared.older.lines).toContainEqual(
      expect.objectContaining({ text: "Title: Help v1", changed: true }),
    );

    const restored = await settle(
      revisionsRoute.action(
        routeArgs(postRequest(`/admin/pages/${id}/en/revisions`, { revision: v1.id }, cookie), {
          id,
          language: "en",
        }),
      ),
    );
    expect(restored.status).toBe(302);
    const draft = await draftOf(id, "en");
    expect(draft.draftTitle).toBe("Help v1");
    expect(draft.publishedTitle).toBe("Help v2");
    expect((await visit("/help")).data.written?.page.title).toBe("Help v2");
  });
});

describe("previews", () => {
  test("staff preview the saved draft; others are sent to sign in or refused", async () => {
    const cookie = await editorSession();
    const id = await openPage("/stream", cookie);
    await save(
      id,
      "en",
      "save",
      { title: "Stream draft", body: bodyWith(paragraph("Soon.")) },
      cookie,
    );
    const preview = (who?: string) =>
      settle(
        previewRoute.loader(
          routeArgs(getRequest(`/admin/pages/${id}/en/preview`, who), { id, language: "en" }),
        ),
      );
    const shown = await preview(cookie);
    expect((shown.body as { draft: { title: string } }).draft.title).toBe("Stream draft");
    expect((await preview(undefined)).status).toBe(302);
    expect((await preview((await createUserSession("finance")).cookie)).status).toBe(403);
  });

  test("a preview link shows the draft for seven days, and stops once that language is published", async () => {
    const cookie = await editorSession();
    const id = await openPage("/store", cookie);
    await save(
      id,
      "en",
      "save",
      { title: "Store draft", body: bodyWith(paragraph("Shirts.")) },
      cookie,
    );
    const made = await edit(id, "en", { intent: "preview-link" }, cookie);
    const link = (made.body as { previewLink: string }).previewLink;
    const token = /\/page-preview\/([\w-]+)$/.exec(link)?.[1];
    expect(token).toBeDefined();
    const open = async (path = `/page-preview/${token}`) => {
      const { status, body } = await settle(
        previewLinkRoute.loader(routeArgs(getRequest(path), { token: token! })),
      );
      return { status, draft: (body as { draft: { title: string } | null }).draft };
    };
    expect(await open()).toMatchObject({ status: 200, draft: { title: "Store draft" } });
    // Not the Spanish address: the token is for the English draft.
    expect((await open(`/es/page-preview/${token}`)).status).toBe(404);

    // Expired after seven days.
    await db()
      .update(pagePreviewTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pagePreviewTokens.pageId, id));
    expect((await open()).status).toBe(404);
    await db()
      .update(pagePreviewTokens)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(pagePreviewTokens.pageId, id));
    expect((await open()).status).toBe(200);

    await save(
      id,
      "en",
      "publish",
      { title: "Store", body: bodyWith(paragraph("Shirts.")) },
      cookie,
    );
    expect((await open()).status).toBe(404);
  });
});

describe("publish at a Houston time", () => {
  test("publishes once within the minute, from whichever round comes first, and after a restart", async () => {
    const cookie = await editorSession();
    const id = await openPage("/tiny-heroes", cookie);
    // A Houston time two days ahead of the real clock (the action refuses a time already past).
    const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
    const scheduled = await save(
      id,
      "en",
      "schedule",
      { title: "Tiny heroes", body: bodyWith(paragraph("Kids.")), publishAt: toHoustonLocal(at) },
      cookie,
    );
    expect(scheduled.status).toBe(302);
    expect((await draftOf(id, "en")).publishAt).toEqual(at);

    // Rounds before the time publish nothing.
    expect(await publishDuePages(new Date(at.getTime() - 1000))).toBe(0);
    expect((await visit("/tiny-heroes")).data.written).toBeNull();

    // Two processes' rounds at the same moment: one publication between them.
    const rounds = await Promise.all([
      publishDuePages(new Date(at.getTime() + 20_000)),
      publishDuePages(new Date(at.getTime() + 20_000)),
    ]);
    expect(rounds.sort()).toEqual([0, 1]);
    expect((await visit("/tiny-heroes")).data.written?.page.title).toBe("Tiny heroes");
    // Later rounds (a restarted process) find nothing left to do.
    expect(await publishDuePages(new Date(at.getTime() + 60_000))).toBe(0);
    const revisions = await db().select().from(pageRevisions).where(eq(pageRevisions.pageId, id));
    expect(revisions).toHaveLength(1);
    expect(revisions[0].publishedBy).toContain("scheduled");
    expect((await draftOf(id, "es")).publishedAt).toBeNull();
  });

  test("a time already past is refused", async () => {
    const cookie = await editorSession();
    const id = await openPage("/stream", cookie);
    const result = await save(
      id,
      "en",
      "schedule",
      {
        title: "Stream",
        body: bodyWith(paragraph("x")),
        publishAt: toHoustonLocal(new Date(Date.now() - 3_600_000)),
      },
      cookie,
    );
    expect(result.status).toBe(400);
    expect((await draftOf(id, "en")).publishAt).toBeNull();
  });
});

describe("the sitemap", () => {
  test("lists a page added under /p/ only once published, with hreflang only between published languages", async () => {
    const cookie = await editorSession();
    await settle(
      tabRoute.action(
        routeArgs(postRequest("/admin/pages", { intent: "new", slug: "gala" }, cookie)),
      ),
    );
    const [page] = await db().select().from(pages).where(eq(pages.path, "/p/gala"));
    const sitemap = async () => (await (await sitemapLoader()).text()) as string;
    expect(await sitemap()).not.toContain("/p/gala");
    await save(
      page.id,
      "en",
      "publish",
      { title: "Gala", body: bodyWith(paragraph("Dinner.")) },
      cookie,
    );
    let xml = await sitemap();
    expect(xml).toContain("/p/gala</loc>");
    expect(xml).not.toContain("/es/p/gala");
    await save(
      page.id,
      "es",
      "publish",
      { title: "Gala", body: bodyWith(paragraph("Cena.")) },
      cookie,
    );
    xml = await sitemap();
    expect(xml).toContain("/es/p/gala</loc>");
    expect(xml).toContain('hreflang="es" href="http');
  });
});

describe("roles", () => {
  test("an editor of pages opens the Pages tab and no donor data; a finance account edits no page", async () => {
    const pagesCookie = await editorSession();
    const finance = (await createUserSession("finance")).cookie;
    const editor = (await createUserSession("editor")).cookie;
    expect(
      (await settle(tabRoute.loader(routeArgs(getRequest("/admin/pages", pagesCookie))))).status,
    ).toBe(200);
    expect(
      (await settle(donationsRoute.loader(routeArgs(getRequest("/admin/donations", pagesCookie)))))
        .status,
    ).toBe(403);

    const id = await openPage("/careers", pagesCookie);
    for (const cookie of [finance, editor]) {
      expect(
        (await settle(tabRoute.loader(routeArgs(getRequest("/admin/pages", cookie))))).status,
      ).toBe(403);
      const refused = await save(
        id,
        "en",
        "publish",
        { title: "Taken", body: bodyWith(paragraph("x")) },
        cookie,
      );
      expect(refused.status).toBe(403);
    }
    const anonymous = await edit(
      id,
      "en",
      { intent: "publish", version: "1", title: "T", summary: "", body: bodyWith() },
      undefined,
    );
    expect(anonymous.status).toBe(302);
    expect((await draftOf(id, "en")).draftTitle).toBe("");
    expect((await visit("/careers")).data.written).toBeNull();
  });
});

describe("the About page carried over", () => {
  test("its words become the drafts of /about in both languages, once; visitors still see the coded page", async () => {
    await carryOverAboutPage("Houston Home Foundation");
    const [page] = await db().select().from(pages).where(eq(pages.path, "/about"));
    const en = await draftOf(page.id, "en");
    const es = await draftOf(page.id, "es");
    expect(en).toMatchObject({ draftTitle: "About Us", publishedAt: null, draftVersion: 1 });
    expect(es).toMatchObject({ draftTitle: "Quiénes somos", publishedAt: null });
    const words = JSON.stringify(en.draftBody);
    expect(words).toContain("100% of funds go to our programs.");
    expect(words).toContain('"type":"bold"');
    expect(words).toContain("Houston Home Foundation is a 501(c)(3) nonprofit");
    expect(parseRichText(en.draftBody).ok && parseRichText(es.draftBody).ok).toBe(true);

    // Staff's own draft is never overwritten by a later start.
    const cookie = await editorSession();
    await save(
      page.id,
      "en",
      "save",
      { title: "About us, rewritten", body: bodyWith(paragraph("New.")) },
      cookie,
    );
    await carryOverAboutPage("Houston Home Foundation");
    expect((await draftOf(page.id, "en")).draftTitle).toBe("About us, rewritten");
    expect((await draftOf(page.id, "es")).draftTitle).toBe("Quiénes somos");
  });
});

describe("the home page's impact figures", () => {
  test("carried over as drafts; the coded figures show until a language is published, then the staff's", async () => {
    await carryOverImpactFigures();
    const [page] = await db().select().from(pages).where(eq(pages.path, "/home"));
    const en = await draftOf(page.id, "en");
    expect(en.draftTitle).toBe("Our Impact");
    expect(JSON.stringify(en.draftBody)).toContain('"text":"1,000+"');
    const home = async (path: string) =>
      ((await settle(homeRoute.loader(routeArgs(getRequest(path))))).body as { impact: unknown })
        .impact;
    // Until published, the coded figures, as the page wrote them.
    expect(await home("/home")).toEqual({
      heading: "Our Impact",
      figures: [
        { figure: "1,000+", label: "People helped monthly" },
        { figure: "15,000", label: "Meals served" },
        { figure: "500+", label: "Shelter beds" },
        { figure: "24/7", label: "Support" },
      ],
    });

    const cookie = await editorSession();
    const figures = {
      type: "doc",
      content: [
        {
          type: "bulletList",
          content: [
            ["1,200+", " People helped monthly"],
            ["16,000", " Meals served"],
          ].map(([figure, label]) => ({
            type: "listItem",
            content: [
              { type: "paragraph", content: [text(figure, [{ type: "bold" }]), text(label)] },
            ],
          })),
        },
      ],
    };
    await save(
      page.id,
      "en",
      "publish",
      { title: "Our Impact", body: JSON.stringify(figures) },
      cookie,
    );
    expect(await home("/home")).toEqual({
      heading: "Our Impact",
      figures: [
        { figure: "1,200+", label: "People helped monthly" },
        { figure: "16,000", label: "Meals served" },
      ],
    });
    // Spanish keeps its coded figures until its own version is published.
    expect(await home("/es/home")).toMatchObject({ heading: "Nuestro impacto" });
  });
});

describe("images", () => {
  test("an uploaded image is stored as WebP, served only under a key a page owns, and placed with its alternative text", async () => {
    const cookie = await editorSession();
    const id = await openPage("/founder", cookie);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();
    const upload = (fields: Record<string, string | File>) =>
      uploadRequest(`/admin/pages/${id}/en`, fields, cookie).then((request) =>
        settle(editorRoute.action(routeArgs(request, { id, language: "en" }))),
      );
    const noAlt = await upload({
      intent: "upload-image",
      alt: " ",
      image: new File([new Uint8Array(png)], "a.png", { type: "image/png" }),
    });
    expect(noAlt.status).toBe(400);
    const notImage = await upload({
      intent: "upload-image",
      alt: "A",
      image: new File(["hello"], "a.png", { type: "image/png" }),
    });
    expect(errorsOf(notImage.body)[0]).toContain("not a JPEG, PNG or WebP");

    const uploaded = await upload({
      intent: "upload-image",
      alt: "Our founder",
      image: new File([new Uint8Array(png)], "a.png", { type: "image/png" }),
    });
    const { src, alt } = (uploaded.body as { uploadedImage: { src: string; alt: string } })
      .uploadedImage;
    expect(src).toMatch(/^\/page-images\/[0-9a-f]{32}\.webp$/);
    expect(alt).toBe("Our founder");

    const key = src.slice("/page-images/".length);
    const served = (await imageRoute.loader(routeArgs(getRequest(src), { key }))) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const other = (await imageRoute.loader(
      routeArgs(getRequest("/page-images/abc.webp"), { key: "abc.webp" }),
    )) as Response;
    expect(other.status).toBe(404);

    const placed = await save(
      id,
      "en",
      "publish",
      { title: "Founder", body: bodyWith({ type: "image", attrs: { src, alt } }) },
      cookie,
    );
    expect(placed.status).toBe(302);
    expect((await visit("/founder")).data.written?.page.body.content[0]).toEqual({
      type: "image",
      attrs: { src, alt },
    });
  });
});
