import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema";
import { action as documentsAction } from "#app/features/library/admin/documents-tab";
import { action as linksAction } from "#app/features/library/admin/links-tab";
import { action as statisticsAction } from "#app/features/library/admin/statistics-tab";
import { loader as resourcesLoader } from "#app/features/library/routes/resources";
import { createUserSession } from "#tests/auth-utils";
import { file, pdf } from "#tests/resources-fixtures";
import { routeArgs } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle, uploadRequest } from "./admin-helpers";

/*
 * The library in Spanish (docs/decisions/170-the-finder-page.md): staff give each kind an optional Spanish title and
 * description; the public list carries both languages so /es shows the Spanish text where present.
 */

let editor: string;
beforeEach(async () => {
  editor = (await createUserSession("editor")).cookie;
});

async function listOnSpanishPage(tab: string) {
  const { body } = await settle(resourcesLoader(routeArgs(getRequest(`/es/resources?tab=${tab}`))));
  return (body as { list: { items: Record<string, unknown>[] } }).list.items;
}

describe("Spanish texts of library items", () => {
  test("a statistic keeps its Spanish title and description and the list carries them", async () => {
    await statisticsAction(
      routeArgs(
        postRequest(
          "/admin/statistics",
          {
            intent: "create",
            title: "People counted",
            titleEs: "Personas contadas",
            description: "Point-in-Time count",
            descriptionEs: "Conteo de un día",
            source: "Coalition",
          },
          editor,
        ),
      ),
    );
    const [row] = await db().select().from(statistics);
    expect(row).toMatchObject({ titleEs: "Personas contadas", descriptionEs: "Conteo de un día" });
    await db().update(statistics).set({ isPublished: true }).where(eq(statistics.id, row.id));
    expect(await listOnSpanishPage("statistics")).toMatchObject([
      { title: "People counted", titleEs: "Personas contadas", descriptionEs: "Conteo de un día" },
    ]);
  });

  test("Spanish texts are optional: left blank they are stored as nothing", async () => {
    await linksAction(
      routeArgs(
        postRequest(
          "/admin/links",
          {
            intent: "create",
            title: "Shelter map",
            description: "Map",
            url: "https://example.org/",
            titleEs: "   ",
          },
          editor,
        ),
      ),
    );
    const [row] = await db().select().from(externalLinks);
    expect(row.titleEs).toBeNull();
    expect(row.descriptionEs).toBeNull();
  });

  test("a document upload stores its Spanish texts", async () => {
    const request = await uploadRequest(
      "/admin/documents",
      {
        intent: "create",
        title: "Benefits form",
        titleEs: "Formulario de beneficios",
        descriptionEs: "Para pedir ayuda",
        file: file(pdf(), "form.pdf", "application/pdf"),
      },
      editor,
    );
    await documentsAction(routeArgs(request));
    const [row] = await db().select().from(documents);
    expect(row).toMatchObject({
      titleEs: "Formulario de beneficios",
      descriptionEs: "Para pedir ayuda",
    });
  });

  test("an over-long Spanish title is refused with a message and nothing is stored", async () => {
    const { status, body } = await settle(
      linksAction(
        routeArgs(
          postRequest(
            "/admin/links",
            {
              intent: "create",
              title: "Shelter map",
              description: "Map",
              url: "https://example.org/",
              titleEs: "x".repeat(201),
            },
            editor,
          ),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(fieldErrors(body).titleEs).toEqual(["Spanish title must be at most 200 characters"]);
    expect(await db().select().from(externalLinks)).toEqual([]);
  });
});
