/**
 * The Services tab's form (docs/decisions/175-services-tab.md) posted as a browser posts it:
 * a new service with several openings a day and an overnight one, an edit by the id in the URL,
 * a refusal that names the row typed in and changes nothing, and the row actions.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import * as editorRoute from "#app/features/services/admin/service-editor";
import * as tabRoute from "#app/features/services/admin/services-tab";
import { getServiceForEditing } from "#app/features/services/staff.server";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest, settle } from "./admin-helpers";

let editor: string;
beforeEach(async () => {
  editor = (await createUserSession("editor")).cookie;
});

const filled = {
  intent: "save",
  name: "Night Shelter",
  nameEs: "Albergue nocturno",
  description: "Beds for the night.",
  category: "shelter",
  organizationName: "Test Org",
  "location.address1": "1 Main St",
  "location.city": "Houston",
  "location.stateProvince": "TX",
  "location.postalCode": "77002",
  "phones[0].number": "",
  "phones[1].number": "713-555-0142",
  "phones[1].type": "hotline",
  "openings[0].opensAt": "07:00",
  "openings[0].closesAt": "09:00",
  "openings[0].days": "SA",
  "openings[1].opensAt": "",
  "openings[1].closesAt": "",
  "openings[2].opensAt": "19:00",
  "openings[2].closesAt": "07:00",
  "openings[2].days": "SA",
  languages: "en, ES",
};

async function save(id: string, fields: Record<string, string>) {
  return settle(
    editorRoute.action(routeArgs(postRequest(`/admin/services/${id}`, fields, editor), { id })),
  );
}

const serviceRows = async () =>
  JSON.stringify(await selectRows(sql`select * from hsds_service order by id`));

describe("the service form", () => {
  test("a new service with a split and an overnight opening is saved, blank rows dropped", async () => {
    const { status, body } = await save("new", filled);
    expect(status).toBe(302);
    expect(await toastOf(body as Response)).toMatchObject({ title: "Service saved" });
    const [row] = await selectRows<{ id: string }>(sql`select id from hsds_service`);
    const stored = await getServiceForEditing(row.id);
    expect(stored).toMatchObject({
      name: "Night Shelter",
      nameEs: "Albergue nocturno",
      languages: ["en", "es"],
      phones: [{ number: "713-555-0142", type: "hotline" }],
    });
    expect(stored?.openings.map((o) => [o.opensAt.slice(0, 5), o.closesAt.slice(0, 5)])).toEqual(
      expect.arrayContaining([
        ["07:00", "09:00"],
        ["19:00", "07:00"],
      ]),
    );

    // Editing: the id comes from the URL; the form shows the stored service.
    const form = await settle(
      editorRoute.loader(
        routeArgs(getRequest(`/admin/services/${row.id}`, editor), { id: row.id }),
      ),
    );
    expect(form.body).toMatchObject({ isNew: false, values: { text: { name: "Night Shelter" } } });
    await save(row.id, { ...filled, name: "Night Shelter East", id: "someone-else" });
    expect((await getServiceForEditing(row.id))?.name).toBe("Night Shelter East");
    expect(await selectRows(sql`select id from hsds_service`)).toHaveLength(1);
  });

  test("a refused form names the row typed in and stores nothing", async () => {
    const before = await serviceRows();
    const { status, body } = await save("new", {
      ...filled,
      "location.postalCode": "770",
      "openings[2].days": "",
      "openings[0].days": "XX",
    });
    expect(status).toBe(400);
    const { errors, values } = body as {
      errors: Record<string, string[]>;
      values: { location: { postalCode: string } };
    };
    expect(errors["location.postalCode"]).toEqual(["Use a ZIP code like 77002"]);
    // Row 2 has no day left; row 0 a day code that is not one: each named in its own row.
    expect(Object.keys(errors)).toContain("openings[2].days");
    expect(Object.keys(errors).some((key) => key.startsWith("openings[0].days"))).toBe(true);
    expect(values.location.postalCode).toBe("770");
    expect(await serviceRows()).toBe(before);
  });

  test("an unknown service is a 404", async () => {
    const { status } = await settle(
      editorRoute.loader(routeArgs(getRequest("/admin/services/nope", editor), { id: "nope" })),
    );
    expect(status).toBe(404);
  });
});

describe("row actions", () => {
  test("mark verified today, deactivate and reactivate, each with its toast", async () => {
    await save("new", filled);
    const [row] = await selectRows<{ id: string }>(sql`select id from hsds_service`);
    const act = (intent: string) =>
      settle(
        tabRoute.action(routeArgs(postRequest("/admin/services", { intent, id: row.id }, editor))),
      );
    expect(await toastOf((await act("verify")).body as Response)).toMatchObject({
      title: "Marked verified today",
    });
    const [verified] = await selectRows<{ last_verified: string }>(
      sql`select last_verified::text from hsds_service`,
    );
    expect(verified.last_verified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await toastOf((await act("deactivate")).body as Response)).toMatchObject({
      title: "Service deactivated",
    });
    expect(await toastOf((await act("reactivate")).body as Response)).toMatchObject({
      title: "Service reactivated",
    });
    const missing = await settle(
      tabRoute.action(
        routeArgs(postRequest("/admin/services", { intent: "verify", id: "x" }, editor)),
      ),
    );
    expect(await toastOf(missing.body as Response)).toMatchObject({
      title: "That service no longer exists.",
    });
  });
});
