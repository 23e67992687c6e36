import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { partnershipInquiries } from "#app/db/schema";
import { action } from "#app/features/forms/routes/partnerships";
import { resetEnvForTests } from "#app/lib/env.server";
import { outboxMessages, routeArgs, toastOf } from "#tests/utils";
import { post, publicFormGuards } from "./public-forms";

const submit = (request: Request) => action(routeArgs(request));
const rows = () => db().select().from(partnershipInquiries);
const valid = {
  name: "Ben Ortiz",
  company: "Bayou Builders, Inc.",
  email: "ben@bayou.example",
  message: "We would like to organize a volunteer day.",
};

afterEach(() => {
  delete process.env.STAFF_NOTIFY_EMAIL;
  resetEnvForTests();
});

describe("partnership form", () => {
  test("stores the inquiry and redirects back with 'Partnership Inquiry Received'", async () => {
    const response = (await submit(post("/partnerships", valid))) as Response;
    expect(response.headers.get("Location")).toBe("/partnerships");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Partnership Inquiry Received",
    });
    expect(await rows()).toEqual([expect.objectContaining(valid)]);
  });

  test("tells staff when STAFF_NOTIFY_EMAIL is set", async () => {
    process.env.STAFF_NOTIFY_EMAIL = "partners@example.org";
    resetEnvForTests();
    await submit(post("/partnerships", valid));
    const [mail] = await outboxMessages();
    expect(mail).toMatch(/^To: partners@example\.org$/m);
    expect(mail).toMatch(/^Subject: New partnership inquiry from Bayou Builders, Inc\.$/m);
    expect(mail).toContain("Company: Bayou Builders, Inc.");
    expect(mail).toContain("Message: We would like to organize a volunteer day.");
  });

  describe("bad input", () => {
    publicFormGuards({
      url: "/partnerships",
      submit,
      valid,
      countRows: async () => (await rows()).length,
      successTitle: "Partnership Inquiry Received",
      textFields: { name: 100, company: 200, message: 5000 },
      storedRow: async () => (await rows())[0],
    });
  });
});
