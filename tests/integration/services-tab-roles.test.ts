/**
 * Who may use the dashboard's Services tab (docs/decisions/170-the-finder-page.md): editors and admins; anonymous visitors are
 * sent to /login, and every other role (a signed-up user, finance) gets 403 before anything is
 * read or written.
 */
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { canOpenTab, tabsFor } from "#app/dashboard/tabs";
import { selectRows } from "#app/db/client.server";
import * as editorRoute from "#app/features/services/admin/service-editor";
import * as tabRoute from "#app/features/services/admin/services-tab";
import { servicesTab } from "#app/features/services/admin/tab";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs } from "#tests/utils";
import { getRequest, postRequest, settle, type Visitor, visitors } from "./admin-helpers";

const allowed: Visitor[] = ["editor", "admin"];

async function cookieOf(visitor: Visitor) {
  return visitor === "anonymous" ? undefined : (await createUserSession(visitor)).cookie;
}

/** Everything the tab could change: the services and their organizations. */
async function services() {
  return JSON.stringify([
    await selectRows(sql`select * from hsds_service order by id`),
    await selectRows(sql`select * from hsds_organization order by id`),
  ]);
}

function expectRefused(visitor: Visitor, result: { status: number; body: unknown }, label: string) {
  if (visitor === "anonymous") {
    expect(result.status, label).toBe(302);
    expect((result.body as Response).headers.get("Location"), label).toMatch(/^\/login/);
  } else {
    expect(result.status, label).toBe(403);
  }
}

describe("the Services tab's role checks", () => {
  test("the tab is listed for editors and admins only", () => {
    expect(canOpenTab("editor", servicesTab)).toBe(true);
    expect(canOpenTab("admin", servicesTab)).toBe(true);
    expect(canOpenTab("finance", servicesTab)).toBe(false);
    expect(canOpenTab("user", servicesTab)).toBe(false);
    expect(tabsFor("finance").map((tab) => tab.slug)).not.toContain("services");
  });

  for (const visitor of visitors) {
    test(`${visitor}: ${allowed.includes(visitor) ? "allowed" : "refused"} on every page and action`, async () => {
      const cookie = await cookieOf(visitor);
      const before = await services();
      const requests = {
        list: () => tabRoute.loader(routeArgs(getRequest("/admin/services", cookie))),
        "new service form": () =>
          editorRoute.loader(routeArgs(getRequest("/admin/services/new", cookie), { id: "new" })),
        "mark verified": () =>
          tabRoute.action(
            routeArgs(postRequest("/admin/services", { intent: "verify", id: "x" }, cookie)),
          ),
        save: () =>
          editorRoute.action(
            routeArgs(
              postRequest(
                "/admin/services/new",
                { intent: "save", name: "Night shelter", category: "shelter" },
                cookie,
              ),
              { id: "new" },
            ),
          ),
      };
      for (const [label, run] of Object.entries(requests)) {
        const result = await settle(run());
        if (allowed.includes(visitor)) {
          expect(result.status, label).not.toBe(403);
          const location =
            result.body instanceof Response ? result.body.headers.get("Location") : null;
          expect(location ?? "", label).not.toMatch(/^\/login/);
        } else {
          expectRefused(visitor, result, label);
        }
      }
      if (!allowed.includes(visitor)) expect(await services()).toBe(before);
    });
  }

  test("an editor gets the list and the empty form of a new service", async () => {
    const cookie = await cookieOf("editor");
    const list = await settle(tabRoute.loader(routeArgs(getRequest("/admin/services", cookie))));
    expect(list.status).toBe(200);
    const form = await settle(
      editorRoute.loader(routeArgs(getRequest("/admin/services/new", cookie), { id: "new" })),
    );
    expect(form.body).toMatchObject({
      isNew: true,
      values: { location: { city: "Houston", stateProvince: "TX" } },
    });
  });
});
