import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { contactMessages } from "#app/db/schema";
import { action } from "#app/features/forms/routes/contact";
import { resetEnvForTests } from "#app/lib/env.server";
import { formRequest, outboxMessages, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, post, publicFormGuards, settle } from "./public-forms";

const submit = (request: Request) => action(routeArgs(request));
const rows = () => db().select().from(contactMessages);
const valid = { name: "Ana Lopez", email: "Ana@Example.org", message: "How can I help?" };

afterEach(() => {
  delete process.env.STAFF_NOTIFY_EMAIL;
  resetEnvForTests();
});

describe("contact form", () => {
  test("stores the message and redirects back with 'Message Sent'", async () => {
    const response = (await submit(post("/contact", valid))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Message Sent" });
    expect(await rows()).toEqual([
      expect.objectContaining({
        name: "Ana Lopez",
        email: "ana@example.org",
        message: "How can I help?",
      }),
    ]);
    // No staff address configured: nothing is sent.
    expect(await outboxMessages()).toEqual([]);
  });

  test("keeps line breaks in the message", async () => {
    await submit(post("/contact", { ...valid, message: "Line one\r\nLine two" }));
    expect((await rows())[0].message).toBe("Line one\r\nLine two");
  });

  test("tells staff when STAFF_NOTIFY_EMAIL is set", async () => {
    process.env.STAFF_NOTIFY_EMAIL = "staff@example.org";
    resetEnvForTests();
    await submit(post("/contact", valid));
    const [mail] = await outboxMessages();
    expect(mail).toMatch(/^To: staff@example\.org$/m);
    expect(mail).toMatch(/^Subject: New contact message$/m);
    expect(mail).toContain("Name: Ana Lopez");
    expect(mail).toContain("Message: How can I help?");
  });

  test("a line break in the name is refused (it would reach an e-mail subject)", async () => {
    const { status, body } = await settle(
      submit(post("/contact", { ...valid, name: "Ana\r\nBcc: x@example.org" })),
    );
    expect(status).toBe(400);
    expect(fieldErrors(body).name).toEqual([
      "Please use a single line without special control characters.",
    ]);
    expect(await rows()).toEqual([]);
  });

  test("too many submissions from one client get 429 with a clear message", async () => {
    const fromOneClient = () => formRequest("/contact", valid, { clientIp: "203.0.113.99" });
    for (let i = 0; i < 20; i += 1) {
      expect(((await submit(fromOneClient())) as Response).status).toBe(302);
    }
    const { status, body } = await settle(submit(fromOneClient()));
    expect(status).toBe(429);
    expect(fieldErrors(body)[""]?.[0]).toMatch(/^Too many submissions/);
    expect(await rows()).toHaveLength(20);
  });

  describe("bad input", () => {
    publicFormGuards({
      url: "/contact",
      submit,
      valid,
      countRows: async () => (await rows()).length,
      successTitle: "Message Sent",
      textFields: { name: 100, message: 5000 },
      storedRow: async () => (await rows())[0],
    });
  });
});
