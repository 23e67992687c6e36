import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { volunteerSignups } from "#app/db/schema";
import { action, loader } from "#app/features/forms/routes/volunteer";
import { resetEnvForTests } from "#app/lib/env.server";
import { outboxMessages, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, post, publicFormGuards, settle } from "./public-forms";

const submit = (request: Request) => action(routeArgs(request));
const rows = () => db().select().from(volunteerSignups);
const valid = {
  opportunity: "meal-service",
  name: "Cara Nguyen",
  email: "cara@example.org",
  phone: "(713) 555-0100",
};

afterEach(() => {
  delete process.env.STAFF_NOTIFY_EMAIL;
  resetEnvForTests();
});

describe("volunteer sign-up", () => {
  test("stores the sign-up for the chosen opportunity with 'Thank you for your interest'", async () => {
    const response = (await submit(post("/volunteer", valid))) as Response;
    expect(response.headers.get("Location")).toBe("/volunteer");
    const toast = await toastOf(response);
    expect(toast).toMatchObject({ type: "success", title: "Thank you for your interest" });
    expect(toast?.description).toContain("Meal Service");
    expect(await rows()).toEqual([expect.objectContaining(valid)]);
  });

  test("the phone number is optional", async () => {
    await submit(post("/volunteer", { ...valid, phone: "" }));
    expect((await rows())[0].phone).toBeNull();
  });

  test("signing up again for the same opportunity is one row and the same thanks", async () => {
    process.env.STAFF_NOTIFY_EMAIL = "volunteers@example.org";
    resetEnvForTests();
    await submit(post("/volunteer", valid));
    const again = (await submit(
      post("/volunteer", { ...valid, email: "CARA@example.org" }),
    )) as Response;
    expect((await toastOf(again))?.title).toBe("Thank you for your interest");
    expect(await rows()).toHaveLength(1);
    // Staff hear about it once.
    expect(await outboxMessages()).toHaveLength(1);

    await submit(post("/volunteer", { ...valid, opportunity: "medical-clinic" }));
    expect(await rows()).toHaveLength(2);
  });

  test("two identical sign-ups at the same moment leave one row", async () => {
    await Promise.all([submit(post("/volunteer", valid)), submit(post("/volunteer", valid))]);
    expect(await rows()).toHaveLength(1);
  });

  test("tells staff which opportunity when STAFF_NOTIFY_EMAIL is set", async () => {
    process.env.STAFF_NOTIFY_EMAIL = "volunteers@example.org";
    resetEnvForTests();
    await submit(post("/volunteer", { ...valid, opportunity: "resource-center" }));
    const [mail] = await outboxMessages();
    expect(mail).toMatch(/^To: volunteers@example\.org$/m);
    expect(mail).toMatch(/^Subject: New volunteer sign-up: Resource Center$/m);
    expect(mail).toContain("Phone: (713) 555-0100");
  });

  test("an unknown opportunity or a bad phone number is refused", async () => {
    const unknown = await settle(submit(post("/volunteer", { ...valid, opportunity: "dj" })));
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown.body).opportunity).toEqual([
      "Please choose a volunteer opportunity.",
    ]);
    for (const phone of ["<script>alert(1)</script>", "call me", "1".repeat(31)]) {
      const { status, body } = await settle(submit(post("/volunteer", { ...valid, phone })));
      expect(status, phone).toBe(400);
      expect(fieldErrors(body).phone, phone).toHaveLength(1);
    }
    expect(await rows()).toEqual([]);
  });

  test("the page shows the inline form only for a known ?opportunity", async () => {
    const at = (query: string) =>
      loader(routeArgs(new Request(`http://localhost:3000/volunteer${query}`)));
    expect(await at("?opportunity=medical-clinic")).toMatchObject({ selected: "medical-clinic" });
    expect(await at("?opportunity=<b>")).toMatchObject({ selected: null });
    expect(await at("")).toMatchObject({ selected: null });
  });

  describe("bad input", () => {
    publicFormGuards({
      url: "/volunteer",
      submit,
      valid,
      countRows: async () => (await rows()).length,
      successTitle: "Thank you for your interest",
      textFields: { name: 100 },
      storedRow: async () => (await rows())[0],
    });
  });
});
