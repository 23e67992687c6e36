// "Report a problem with this listing" (docs/decisions/245-listing-reports.md) on a real
// database: a report is stored in the reporter's language, bad input and unknown services are
// refused with nothing stored, a bot's honeypot stores nothing, a forged proof of work is refused,
// and one client is rate-limited (more strictly without the proof of work).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { listingReports } from "#app/db/schema";
import { action, loader } from "#app/features/listing-reports/routes/report";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { altchaProof, formRequest, outboxMessages, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, post, settle } from "./public-forms";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const SHELTER = "9e8d7c6b-0000-4000-8000-000000000001";
const url = (locale = "") => `${locale}/find-help/${SHELTER}/report`;
const submit = (request: Request, id = SHELTER) => action(routeArgs(request, { id }));
const rows = () => db().select().from(listingReports);
const valid = {
  reason: "phone",
  note: "The number rings a fax machine.",
  email: "Ana@Example.org",
};

beforeEach(async () => {
  const text = readFileSync(path.join(FIXTURES, "houston-directory.json"), "utf8");
  expect((await importServiceTexts(new Map([["houston-directory.json", text]]))).ok).toBe(true);
});

describe("a visitor's report", () => {
  test("is stored with the reporter's language and sends them back to the service's page", async () => {
    const response = (await submit(post(url("/es"), valid))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/es/find-help/${SHELTER}`);
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Gracias" });
    expect(await rows()).toEqual([
      expect.objectContaining({
        serviceId: SHELTER,
        reason: "phone",
        note: "The number rings a fax machine.",
        email: "ana@example.org",
        language: "es",
      }),
    ]);
  });

  test("needs neither a note nor an e-mail, and keeps markup as text", async () => {
    await submit(post(url(), { reason: "closed", note: "", email: "" }));
    await submit(post(url(), { reason: "other", note: "<b>gone</b>", email: "" }));
    const stored = (await rows()).map((row) => [row.reason, row.note, row.email, row.language]);
    expect(stored).toEqual(
      expect.arrayContaining([
        ["closed", "", null, "en"],
        ["other", "<b>gone</b>", null, "en"],
      ]),
    );
  });

  test("bad input is refused with a message per field and nothing stored", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...valid, reason: "" }, "reason", "Please choose what is wrong."],
      [{ ...valid, reason: "haunted" }, "reason", "Please choose what is wrong."],
      [{ ...valid, note: "x".repeat(1001) }, "note", "Please use at most 1000 characters."],
      [
        { ...valid, email: "ana@" },
        "email",
        "Please enter a valid email address, such as name@example.org.",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const { status, body } = await settle(submit(post(url(), fields)));
      expect(status, field).toBe(400);
      expect(fieldErrors(body)[field], field).toEqual([message]);
    }
    expect(await rows()).toEqual([]);
  });

  test("an unknown service is a 404, on the page and for a post", async () => {
    const missing = "9e8d7c6b-0000-4000-8000-00000000ffff";
    const page = await settle(
      loader(routeArgs(new Request(`http://localhost:3000${url()}`), { id: missing })),
    );
    expect(page.status).toBe(404);
    expect((await settle(submit(post(url(), valid), missing))).status).toBe(404);
    expect((await settle(submit(post(url(), valid), "../etc/passwd"))).status).toBe(404);
    expect(await rows()).toEqual([]);
  });

  test("a filled honeypot looks like success but stores and sends nothing", async () => {
    const response = (await submit(
      post(url(), { ...valid, [HONEYPOT_FIELD]: "http://spam.example" }),
    )) as Response;
    expect((await toastOf(response))?.title).toBe("Thank you");
    expect(await rows()).toEqual([]);
    expect(await outboxMessages()).toEqual([]);
  });

  test("one client gets 10 reports an hour with the proof of work, then a 429 with a clear message", async () => {
    const fromOneClient = async () =>
      formRequest(url(), { ...valid, altcha: await altchaProof() }, { clientIp: "203.0.113.48" });
    for (let i = 0; i < 10; i += 1) {
      expect(((await submit(await fromOneClient())) as Response).status).toBe(302);
    }
    const { status, body } = await settle(submit(await fromOneClient()));
    expect(status).toBe(429);
    expect(fieldErrors(body)[""]?.[0]).toMatch(/^Too many submissions/);
    expect(await rows()).toHaveLength(10);
  });

  test("without the proof of work (no JavaScript) a client gets 3 reports an hour", async () => {
    const fromOneClient = () => formRequest(url(), valid, { clientIp: "203.0.113.49" });
    for (let i = 0; i < 3; i += 1) {
      expect(((await submit(fromOneClient())) as Response).status).toBe(302);
    }
    const { status, body } = await settle(submit(fromOneClient()));
    expect(status).toBe(429);
    expect(fieldErrors(body)[""]?.[0]).toMatch(/^Too many submissions/);
    expect(await rows()).toHaveLength(3);
  });

  test("a forged or replayed proof of work is refused and stores nothing", async () => {
    const checkFailed = "We could not check this request. Please reload the page and try again.";
    const forged = await settle(
      submit(post(url(), { ...valid, altcha: Buffer.from("{}").toString("base64") })),
    );
    expect(forged.status).toBe(400);
    expect(fieldErrors(forged.body)[""]).toEqual([checkFailed]);
    expect(await rows()).toEqual([]);

    const proof = await altchaProof();
    expect(((await submit(post(url(), { ...valid, altcha: proof }))) as Response).status).toBe(302);
    const replayed = await settle(submit(post(url(), { ...valid, altcha: proof })));
    expect(replayed.status).toBe(400);
    expect(fieldErrors(replayed.body)[""]).toEqual([checkFailed]);
    expect(await rows()).toHaveLength(1);
  });
});
