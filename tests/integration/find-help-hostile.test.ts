/**
 * Hostile input at the finder's pages and the Services tab's actions
 * (docs/decisions/135-hostile-input-tests.md): never a 500 nor an error thrown past the route,
 * and a refused post leaves the services as they were.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import * as editorRoute from "#app/features/services/admin/service-editor";
import * as tabRoute from "#app/features/services/admin/services-tab";
import { finderPage } from "#app/features/services/finder.server";
import { loader as detailLoader } from "#app/features/services/routes/service-detail";
import type { PageMessagesText } from "#app/i18n/page-messages";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs } from "#tests/utils";
import { getRequest, postRequest, settle } from "./admin-helpers";

/** The finder's data without its messages, which these tests do not read. */
const NO_MESSAGES = "{}" as PageMessagesText;

const NIGHT = new Date("2026-11-26T05:30:00Z");

const hostile = fc.oneof(
  fc.constantFrom(
    "<script>alert(1)</script>",
    "'; DROP TABLE hsds_service; --",
    "%",
    "_",
    "\\",
    "\u0000",
    "\ud800",
    "a".repeat(5000),
    "now",
    "shelter",
    "-1",
    "NaN",
    "25:99",
    "2026-02-30",
    "",
  ),
  fc.string({ maxLength: 120 }),
);

const services = async () =>
  JSON.stringify(await selectRows(sql`select * from hsds_service order by id`));

describe("hostile input at the finder", () => {
  test("any query string is a page (200) or a named refusal (400)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("category", "open", "q", "lang", "for", "x"), hostile),
        async (params) => {
          const url = `/find-help?${new URLSearchParams(params)}`;
          const { status } = await settle(finderPage(getRequest(url), NIGHT, NO_MESSAGES));
          expect([200, 400]).toContain(status);
        },
      ),
      { numRuns: 40 },
    );
  });

  test("any id on a service's page is the page or a 404", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (id) => {
        const { status } = await settle(
          detailLoader(routeArgs(getRequest("/find-help/x"), { id })),
        );
        expect([200, 404]).toContain(status);
      }),
      { numRuns: 30 },
    );
  });
});

describe("hostile input at the Services tab", () => {
  test("random forms are refused without a 500 and change nothing", async () => {
    const cookie = (await createUserSession("editor")).cookie;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            "intent",
            "id",
            "name",
            "category",
            "location.postalCode",
            "openings[0].opensAt",
            "openings[0].days",
            "phones[0].number",
            "languages",
          ),
          hostile,
        ),
        async (fields) => {
          const before = await services();
          const save = await settle(
            editorRoute.action(
              routeArgs(postRequest("/admin/services/new", fields, cookie), { id: "new" }),
            ),
          );
          expect(save.status).toBeLessThan(500);
          const row = await settle(
            tabRoute.action(routeArgs(postRequest("/admin/services", fields, cookie))),
          );
          expect(row.status).toBeLessThan(500);
          if (save.status === 400) expect(await services()).toBe(before);
        },
      ),
      { numRuns: 30 },
    );
  });
});
