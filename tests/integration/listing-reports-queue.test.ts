// The Services tab's queue of listing reports (docs/decisions/246-listing-reports-queue.md)
// on a real database: open reports newest first, dismiss, mark verified today (the service's date
// changes), the reporter's e-mail in their language, once, only the tab's staff may act, and the
// staff's daily digest of new reports, once a day.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { hsdsService, listingReports } from "#app/db/schema";
import { action, loader } from "#app/features/listing-reports/admin/reports-queue";
import { queueReportsDigest } from "#app/features/listing-reports/digest.server";
import { action as report } from "#app/features/listing-reports/routes/report";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import { resetEnvForTests } from "#app/lib/env.server";
import { fromHoustonLocal } from "#app/lib/houston-calendar";
import { deliverDueMail, stopOutboxWorker } from "#app/lib/outbox.server";
import { createUserSession } from "#tests/auth-utils";
import { outboxMessages, routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest } from "./admin-helpers";
import { post } from "./public-forms";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const SHELTER = "9e8d7c6b-0000-4000-8000-000000000001";
const QUEUE = "/admin/services/reports";

beforeEach(async () => {
  const text = readFileSync(path.join(FIXTURES, "houston-directory.json"), "utf8");
  expect((await importServiceTexts(new Map([["houston-directory.json", text]]))).ok).toBe(true);
  process.env.FIND_HELP_NOW = "2026-12-03T23:30:00-06:00";
});

afterEach(() => {
  delete process.env.FIND_HELP_NOW;
});

async function reportIn(locale: "" | "/es", fields: Record<string, string>) {
  await report(routeArgs(post(`${locale}/find-help/${SHELTER}/report`, fields), { id: SHELTER }));
}

/** Waits for the round resolving started (kickOutbox), then runs one more. */
async function delivered() {
  await stopOutboxWorker();
  await deliverDueMail();
}

type Queue = { reports: { id: string; reason: string; note: string }[] };
const queue = async (cookie: string) =>
  (await loader(routeArgs(getRequest(QUEUE, cookie)))) as Queue;
const resolve = (fields: Record<string, string>, cookie?: string) =>
  action(routeArgs(postRequest(QUEUE, fields, cookie))).catch((error: unknown) => error);

describe("the reports queue", () => {
  test("lists open reports newest first and dismisses one, e-mailing the reporter in Spanish", async () => {
    await reportIn("/es", { reason: "phone", note: "Suena un fax", email: "ana@example.org" });
    await reportIn("", { reason: "hours", note: "Opens at 9", email: "" });
    const { cookie } = await createUserSession("editor");
    const open = (await queue(cookie)).reports;
    expect(open.map((row) => row.reason)).toEqual(["hours", "phone"]);

    const response = (await resolve({ id: open[1].id, intent: "dismissed" }, cookie)) as Response;
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Dismissed" });
    expect((await queue(cookie)).reports.map((row) => row.reason)).toEqual(["hours"]);
    await delivered();
    const mails = await outboxMessages();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: ana@example\.org$/m);
    expect(mails[0]).toMatch(/^Subject: Gracias por su informe$/m);

    // A second resolution of the same report changes nothing and sends nothing.
    const again = (await resolve({ id: open[1].id, intent: "verified" }, cookie)) as Response;
    expect((await toastOf(again))?.type).toBe("error");
    await delivered();
    expect(await outboxMessages()).toHaveLength(1);
  });

  test("'mark verified today' sets the service's last verified date (Houston's today)", async () => {
    await reportIn("", { reason: "closed", note: "", email: "" });
    const { cookie } = await createUserSession("editor");
    const [open] = (await queue(cookie)).reports;
    await resolve({ id: open.id, intent: "verified" }, cookie);
    const [service] = await db()
      .select({ lastVerified: hsdsService.lastVerified })
      .from(hsdsService)
      .where(eq(hsdsService.id, SHELTER));
    expect(service.lastVerified).toBe("2026-12-03");
    const [row] = await db().select().from(listingReports);
    expect(row).toMatchObject({ resolution: "verified" });
    // No e-mail was left: nothing to send.
    await delivered();
    expect(await outboxMessages()).toEqual([]);
  });

  test("only the Services tab's staff: anonymous visitors and finance staff are refused", async () => {
    await reportIn("", { reason: "closed", note: "", email: "" });
    const [row] = await db().select().from(listingReports);
    const anonymous = await resolve({ id: row.id, intent: "dismissed" });
    expect((anonymous as Response).status).toBe(302);
    const { cookie } = await createUserSession("finance");
    expect(((await resolve({ id: row.id, intent: "dismissed" }, cookie)) as Response).status).toBe(
      403,
    );
    const page = await loader(routeArgs(getRequest(QUEUE, cookie))).catch(
      (error: unknown) => error,
    );
    expect((page as Response).status).toBe(403);
    const [after] = await db().select().from(listingReports);
    expect(after.resolvedAt).toBeNull();
  });
});

describe("the staff's daily digest", () => {
  afterEach(() => {
    delete process.env.STAFF_NOTIFY_EMAIL;
    resetEnvForTests();
  });

  const at = (local: string) => fromHoustonLocal(local)!;
  const reportAt = (local: string, reason: string, note = "") =>
    db()
      .insert(listingReports)
      .values({ serviceId: SHELTER, reason, note, createdAt: at(local) });

  test("yesterday's reports (Houston days) go once to staff, whatever the restarts", async () => {
    await reportAt("2026-12-02T23:59", "closed");
    await reportAt("2026-12-03T00:00", "phone", "Rings a fax");
    await reportAt("2026-12-03T23:59", "hours");
    await reportAt("2026-12-04T00:01", "address");
    const morning = at("2026-12-04T06:00");
    // No staff address: nothing is queued.
    expect(await queueReportsDigest(morning)).toBe(false);
    process.env.STAFF_NOTIFY_EMAIL = "staff@example.org";
    resetEnvForTests();
    expect(await queueReportsDigest(morning)).toBe(true);
    // Later rounds of the same day, in this process or after a restart, queue nothing more.
    expect(await queueReportsDigest(at("2026-12-04T23:45"))).toBe(false);
    await delivered();
    const mails = await outboxMessages();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: staff@example\.org$/m);
    expect(mails[0]).toMatch(/^Subject: Listing reports of 2026-12-03: 2$/m);
    expect(mails[0]).toContain("Wrong phone number");
    expect(mails[0]).toContain("Rings a fax");
    expect(mails[0]).not.toContain("Closed for good");
    expect(mails[0]).not.toContain("Wrong address");
  });

  test("a day without reports sends nothing", async () => {
    process.env.STAFF_NOTIFY_EMAIL = "staff@example.org";
    resetEnvForTests();
    await reportAt("2026-12-04T08:00", "other");
    expect(await queueReportsDigest(at("2026-12-04T09:00"))).toBe(false);
    await delivered();
    expect(await outboxMessages()).toEqual([]);
  });
});
