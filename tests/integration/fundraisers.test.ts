/**
 * Fundraiser pages, first slice (docs/decisions/221-fundraisers.md): starting a page through the
 * real route action (validation, honeypot, slugs), the owner's confirmation link, staff decisions
 * with their role checks, which pages the public sees, and gifts given on a page through the
 * site's own donation flow in test payment mode, counted in raised from the payment events.
 */

import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { db } from "#app/db/client.server";
import { donations, fundraisers, mailOutbox, monthlyGifts } from "#app/db/schema";
import { donationTotals } from "#app/features/donations/admin/donations.server";
import { applyPaymentEvent } from "#app/features/donations/events.server";
import * as tabRoute from "#app/features/fundraisers/admin/fundraisers-tab";
import { confirmToken } from "#app/features/fundraisers/mails.server";
import { publicFundraiser } from "#app/features/fundraisers/public-pages.server";
import {
  action as confirmAction,
  loader as confirmLoader,
} from "#app/features/fundraisers/routes/confirm";
import { action as startAction } from "#app/features/fundraisers/routes/fundraise";
import { loader as pageLoader } from "#app/features/fundraisers/routes/fundraiser";
import { loader as listLoader } from "#app/features/fundraisers/routes/give-to-fundraiser";
import { slugFromTitle, storyParagraphs } from "#app/features/fundraisers/slug";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { houstonToday } from "#app/lib/houston-calendar";
import { signToken } from "#app/lib/tokens.server";
import { action as donateAction, loader as donateLoader } from "#app/site/routes/donate";
import { loader as robotsLoader } from "#app/site/routes/robots";
import { loader as sitemapLoader } from "#app/site/routes/sitemap";
import { createUserSession } from "#tests/auth-utils";
import { altchaProof, formRequest, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle, type Visitor } from "./admin-helpers";
import { give, pageBySlug, pageIn } from "./fundraiser-helpers";
import { nextClientIp } from "./public-forms";

const VALID = {
  name: "Dana Reyes",
  email: "Dana@Example.org",
  title: "Dana's birthday run",
  story: "I am turning 40 and running 40 miles.\n\nEvery mile is for a neighbour who needs a home.",
  goal: "$1,500",
  showProgress: "on",
};

/** A day counted from today in Houston, whose calendar end dates follow (not UTC's). */
function isoDay(offsetDays: number) {
  const date = new Date(`${houstonToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

let owners = 0;

/** Posts the start form; each call from a new owner address unless one is given. */
async function start(fields: Record<string, string> = {}, path = "/fundraise") {
  owners += 1;
  const body = { ...VALID, email: `Dana${owners}@Example.org`, ...fields };
  return settle(startAction(routeArgs(formRequest(path, body, { clientIp: nextClientIp() }))));
}

const pages = () => db().select().from(fundraisers);
const mails = () => db().select().from(mailOutbox);

describe("starting a fundraiser page", () => {
  test("a valid page is stored as a draft, its confirmation e-mail queued in the owner's language", async () => {
    const { status, body } = await start({}, "/es/fundraise");
    expect(status).toBe(302);
    expect((body as Response).headers.get("Location")).toBe("/es/fundraise");
    expect((await toastOf(body as Response))?.title).toBe("Revisa tu correo");
    const [row] = await pages();
    expect(row).toMatchObject({
      slug: "dana-s-birthday-run",
      ownerName: "Dana Reyes",
      ownerEmail: `dana${owners}@example.org`,
      language: "es",
      goalCents: 150_000,
      endDate: null,
      showProgress: true,
      status: "draft",
      approvedBy: null,
    });
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: "fundraiser-confirm", to: `dana${owners}@example.org` });
    expect(mail.subject).toBe("Confirma tu recaudación: Dana's birthday run");
    expect(mail.text).toContain(
      `/es/fundraise/confirm?token=${encodeURIComponent(confirmToken(row.id))}`,
    );
  });

  test("an end date and a hidden progress are kept", async () => {
    const end = isoDay(30);
    await start({ endDate: end, showProgress: "" });
    const [row] = await pages();
    expect(row.endDate).toBe(end);
    expect(row.showProgress).toBe(false);
  });

  test.each([
    ["name", { name: "" }, "Please enter your name."],
    [
      "email",
      { email: "not-an-address" },
      "Please enter a valid email address, such as name@example.org.",
    ],
    ["title", { title: "x".repeat(121) }, "Please use at most 120 characters."],
    [
      "title",
      { title: "Line\u0007bell" },
      "Please use a single line without special control characters.",
    ],
    ["story", { story: "Too short" }, "Please write at least 20 characters."],
    ["story", { story: "x".repeat(5001) }, "Please use at most 5000 characters."],
    ["goal", { goal: "lots" }, "Please enter the goal in whole dollars, such as 500."],
    ["goal", { goal: "12.50" }, "Please enter the goal in whole dollars, such as 500."],
    ["goal", { goal: "50" }, "Please choose a goal from $100 to $100000."],
    ["goal", { goal: "1000000" }, "Please choose a goal from $100 to $100000."],
    ["endDate", { endDate: isoDay(-1) }, "Please choose an end date after today."],
    ["endDate", { endDate: "30/06/2027" }, "Please enter a date such as 2027-06-30."],
    ["endDate", { endDate: isoDay(400) }, "Please choose an end date within a year."],
  ])(
    "a bad %s (%j) is refused with its message and changes nothing",
    async (field, fields, message) => {
      const { status, body } = await start(fields);
      expect(status).toBe(400);
      expect(fieldErrors(body)[field]).toContain(message);
      expect(await pages()).toHaveLength(0);
      expect(await mails()).toHaveLength(0);
    },
  );

  test("a filled honeypot looks like success and stores nothing", async () => {
    const { status } = await start({ [HONEYPOT_FIELD]: "https://spam.example" });
    expect(status).toBe(302);
    expect(await pages()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  test("one address starts at most three pages an hour", async () => {
    const email = "busy@example.org";
    for (let i = 0; i < 3; i++) await start({ email });
    const { body } = await start({ email });
    expect((await toastOf(body as Response))?.type).toBe("error");
    expect(await pages()).toHaveLength(3);
  });

  test("slugs come from the title; a taken one gets a numbered suffix", async () => {
    await start();
    await start();
    await start({ title: "¡Corre por Álvaro!" });
    await start({ title: "Confirm" });
    await start({ title: "!!!" });
    const slugs = (await pages()).map((row) => row.slug).sort();
    expect(slugs).toEqual([
      "confirm-page",
      "corre-por-alvaro",
      "dana-s-birthday-run",
      "dana-s-birthday-run-2",
      "fundraiser",
    ]);
    expect(slugFromTitle("a".repeat(200))).toHaveLength(60);
  });

  test("a story is kept as text, split into paragraphs at blank lines", () => {
    expect(storyParagraphs("One\r\nstill one\n\n\n  Two <b>x</b>  \n \nThree")).toEqual([
      "One\nstill one",
      "Two <b>x</b>",
      "Three",
    ]);
  });
});

describe("the owner's confirmation link", () => {
  async function confirmPost(token: string) {
    return settle(confirmAction(routeArgs(formRequest("/fundraise/confirm", { token }))));
  }

  test("opening it changes nothing; its button moves the draft to pending", async () => {
    await start();
    const [row] = await pages();
    const token = confirmToken(row.id);
    const opened = await settle(
      confirmLoader(routeArgs(getRequest(`/fundraise/confirm?token=${encodeURIComponent(token)}`))),
    );
    expect(opened.status).toBe(200);
    expect((opened.body as { result: { state: string } }).result.state).toBe("confirm");
    expect((await pageBySlug(row.slug)).status).toBe("draft");

    const { status, body } = await confirmPost(token);
    expect(status).toBe(302);
    expect((await toastOf(body as Response))?.title).toBe("Email confirmed");
    expect((await pageBySlug(row.slug)).status).toBe("pending");
    const submitted = (await mails()).find((mail) => mail.kind === "fundraiser-submitted");
    expect(submitted).toMatchObject({
      to: row.ownerEmail,
      subject: "Your fundraiser is waiting for review: Dana's birthday run",
    });

    const again = await settle(
      confirmLoader(routeArgs(getRequest(`/fundraise/confirm?token=${encodeURIComponent(token)}`))),
    );
    expect((again.body as { result: { state: string } }).result.state).toBe("confirmed");
  });

  test("a forged link, or another purpose's token, does nothing", async () => {
    const draft = await pageIn("draft");
    for (const token of [
      "forged.token",
      `${Buffer.from(draft.id).toString("base64url")}.AAAA`,
      signToken("donation-payment", draft.id),
    ]) {
      const { status } = await confirmPost(token);
      expect(status, token).toBe(404);
    }
    expect((await pageBySlug(draft.slug)).status).toBe("draft");
  });

  test("one page's link confirms that page only, and never moves a page past draft", async () => {
    const first = await pageIn("draft", "first");
    const second = await pageIn("draft", "second");
    const rejected = await pageIn("rejected", "gone");
    await confirmPost(confirmToken(first.id));
    await confirmPost(confirmToken(rejected.id));
    expect((await pageBySlug("first")).status).toBe("pending");
    expect((await pageBySlug("second")).status).toBe("draft");
    expect((await pageBySlug("gone")).status).toBe("rejected");
    expect(second.id).not.toBe(first.id);
  });
});

describe("the Fundraisers tab", () => {
  async function cookieOf(visitor: Visitor) {
    if (visitor === "anonymous") return { cookie: undefined, id: undefined };
    const session = await createUserSession(visitor);
    return { cookie: session.cookie, id: session.user.id };
  }

  async function decide(visitor: Visitor, fields: Record<string, string>) {
    const { cookie } = await cookieOf(visitor);
    return settle(tabRoute.action(routeArgs(postRequest("/admin/fundraisers", fields, cookie))));
  }

  const allGuidelines = (id: string) => {
    const body = new URLSearchParams({ intent: "approve", id });
    for (let i = 0; i < 3; i++) body.append("guideline", "on");
    return body;
  };

  async function approveAs(visitor: Visitor, id: string, guidelines = 3) {
    const { cookie, id: userId } = await cookieOf(visitor);
    const body = new URLSearchParams({ intent: "approve", id });
    for (let i = 0; i < guidelines; i++) body.append("guideline", "on");
    const request = new Request("http://localhost:3000/admin/fundraisers", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body,
    });
    return { result: await settle(tabRoute.action(routeArgs(request))), userId };
  }

  test("editors, finance and admins see it, pending first with raised and gifts; others do not", async () => {
    await pageIn("approved", "older-approved");
    await pageIn("pending", "waiting");
    await pageIn("draft", "unconfirmed");
    for (const visitor of ["editor", "finance", "admin"] as const) {
      const { cookie } = await cookieOf(visitor);
      const { status, body } = await settle(
        tabRoute.loader(routeArgs(getRequest("/admin/fundraisers", cookie))),
      );
      expect(status, visitor).toBe(200);
      const data = body as {
        list: { slug: string; raised: string; gifts: number }[];
        canDecide: boolean;
      };
      expect(data.list.map((row) => row.slug)).toEqual(["waiting", "older-approved"]);
      expect(data.list[0]).toMatchObject({ raised: "$0.00", gifts: 0 });
      expect(data.canDecide, visitor).toBe(visitor !== "finance");
    }
    const anonymous = await settle(tabRoute.loader(routeArgs(getRequest("/admin/fundraisers"))));
    expect(anonymous.status).toBe(302);
    const { cookie } = await cookieOf("user");
    const user = await settle(tabRoute.loader(routeArgs(getRequest("/admin/fundraisers", cookie))));
    expect(user.status).toBe(403);
  });

  test("only editors and admins decide: finance, users and anonymous visitors change nothing", async () => {
    const page = await pageIn("pending");
    for (const visitor of ["anonymous", "user", "finance"] as const) {
      const { result } = await approveAs(visitor, page.id);
      expect(result.status, visitor).toBe(visitor === "anonymous" ? 302 : 403);
      const reject = await decide(visitor, { intent: "reject", id: page.id, reason: "No." });
      expect(reject.status, visitor).toBe(visitor === "anonymous" ? 302 : 403);
    }
    expect((await pageBySlug(page.slug)).status).toBe("pending");
    expect(await mails()).toHaveLength(0);
    expect(allGuidelines(page.id).getAll("guideline")).toHaveLength(3);
  });

  test("approving needs every guideline confirmed, and stores who approved and when", async () => {
    const page = await pageIn("pending");
    const partial = await approveAs("editor", page.id, 2);
    expect((await toastOf(partial.result.body as Response))?.title).toBe(
      "Confirm every guideline before approving",
    );
    expect((await pageBySlug(page.slug)).status).toBe("pending");

    const before = Date.now();
    const { result, userId } = await approveAs("editor", page.id);
    expect((await toastOf(result.body as Response))?.type).toBe("success");
    const row = await pageBySlug(page.slug);
    expect(row).toMatchObject({
      status: "approved",
      approvedBy: userId,
      guidelinesConfirmed: true,
    });
    expect(row.approvedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [approved] = await mails();
    expect(approved).toMatchObject({
      kind: "fundraiser-approved",
      to: "sam@example.org",
      subject: "Your fundraiser is live: Sam's pending drive",
    });
    expect(approved.text).toContain("http://localhost:3000/fundraise/page-pending");

    // Approving twice, or approving a draft, is not a move the page can make.
    const again = await approveAs("admin", page.id);
    expect((await toastOf(again.result.body as Response))?.type).toBe("error");
    const draft = await pageIn("draft");
    await approveAs("admin", draft.id);
    expect((await pageBySlug(draft.slug)).status).toBe("draft");
  });

  test("a rejection needs a reason, which is stored and e-mailed to the owner", async () => {
    const page = await pageIn("pending");
    const empty = await decide("admin", { intent: "reject", id: page.id, reason: "  " });
    expect((await toastOf(empty.body as Response))?.type).toBe("error");
    expect((await pageBySlug(page.slug)).status).toBe("pending");

    const reason = "Please remove the name of the person in your story, or add their consent.";
    await decide("editor", { intent: "reject", id: page.id, reason });
    expect(await pageBySlug(page.slug)).toMatchObject({
      status: "rejected",
      rejectionReason: reason,
    });
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: "fundraiser-rejected", to: "sam@example.org" });
    expect(mail.text).toContain(reason);
  });

  test("an approved page is paused, reopened and closed", async () => {
    const page = await pageIn("approved");
    await decide("editor", { intent: "pause", id: page.id });
    expect((await pageBySlug(page.slug)).status).toBe("paused");
    await decide("editor", { intent: "reopen", id: page.id });
    expect((await pageBySlug(page.slug)).status).toBe("approved");
    await decide("admin", { intent: "close", id: page.id });
    expect((await pageBySlug(page.slug)).status).toBe("closed");
    await decide("admin", { intent: "reopen", id: page.id });
    expect((await pageBySlug(page.slug)).status).toBe("closed");
  });
});

describe("the public page", () => {
  async function visit(slug: string, locale = "") {
    return settle(pageLoader(routeArgs(getRequest(`${locale}/fundraise/${slug}`), { slug })));
  }

  test("draft, pending, rejected and unknown pages are 404", async () => {
    for (const status of ["draft", "pending", "rejected"]) {
      await pageIn(status);
      expect((await visit(`page-${status}`)).status, status).toBe(404);
    }
    expect((await visit("no-such-page")).status).toBe(404);
    expect((await visit("../../etc")).status).toBe(404);
  });

  test("an approved page shows its first name, story as text, goal and nothing raised yet", async () => {
    await pageIn("approved");
    const { status, body } = await visit("page-approved", "/es");
    expect(status).toBe(200);
    const { page } = body as { page: Record<string, unknown> };
    expect(page).toMatchObject({
      title: "Sam's approved drive",
      ownerFirstName: "Sam",
      paragraphs: ["First paragraph <b>bold?</b>", "Second <script>alert(1)</script> paragraph."],
      goalCents: 100_000,
      raisedCents: 0,
      gifts: 0,
      donors: [],
      state: "open",
    });
    expect(JSON.stringify(page)).not.toContain("sam@example.org");
    expect(JSON.stringify(page)).not.toContain("Ortiz");
  });

  test("paused and closed pages are public and say so; a page past its end date is closed", async () => {
    await pageIn("paused");
    await pageIn("closed");
    const ended = await pageIn("approved", "ended");
    await db()
      .update(fundraisers)
      .set({ endDate: isoDay(-2) })
      .where(eq(fundraisers.id, ended.id));
    expect((await publicFundraiser("page-paused"))?.state).toBe("paused");
    expect((await publicFundraiser("page-closed"))?.state).toBe("closed");
    expect((await publicFundraiser("ended"))?.state).toBe("closed");
  });
});

describe("gifts given on a fundraiser page", () => {
  test("a succeeded gift counts in raised; a refund lowers it, as it lowers the dashboard's totals", async () => {
    const page = await pageIn("approved");
    const { row: first } = await give(page.slug, { coverFee: "on" });
    expect(first).toMatchObject({ status: "succeeded", fundraiserId: page.id, amount: 5000 });
    const { row: second } = await give(page.slug, {
      preset: "25",
      anonymous: "on",
      donorName: "Hidden Person",
      donorEmail: "hidden@example.org",
    });
    // A gift still pending counts nowhere.
    await settle(
      donateAction(
        routeArgs(
          formRequest(
            "/donate",
            {
              panel: "full",
              frequency: "once",
              preset: "100",
              donorName: "Not Paid",
              donorEmail: "late@example.org",
              altcha: await altchaProof(),
              fundraiser: page.slug,
            },
            { clientIp: nextClientIp() },
          ),
        ),
      ),
    );

    let shown = await publicFundraiser(page.slug);
    expect(shown).toMatchObject({ raisedCents: 7500, gifts: 2 });
    expect(shown?.donors).toEqual([
      { name: null, amountCents: null },
      { name: "Ana Donor", amountCents: null },
    ]);
    expect(JSON.stringify(shown)).not.toContain("Hidden Person");

    // A partial refund of the first charge (Stripe's event, applied as the webhook applies it).
    await applyPaymentEvent({
      id: "evt_refund_partial",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          payment_intent: first.paymentReference,
          amount: first.amount + first.feeAmount,
          amount_refunded: 2000,
        },
      },
    });
    shown = await publicFundraiser(page.slug);
    expect(shown).toMatchObject({ raisedCents: 5500, gifts: 2 });
    expect((await donationTotals()).total).toBe(5500);

    // A full refund of the second takes it out of raised and the gift count.
    await applyPaymentEvent({
      id: "evt_refund_full",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          payment_intent: second.paymentReference,
          amount: second.amount,
          amount_refunded: second.amount,
        },
      },
    });
    shown = await publicFundraiser(page.slug);
    expect(shown).toMatchObject({ raisedCents: 3000, gifts: 1 });
    expect((await donationTotals()).total).toBe(3000);
  });

  test("a monthly gift counts each month while its page is open, then goes to the general fund", async () => {
    const page = await pageIn("approved");
    const { row } = await give(page.slug, { frequency: "monthly" });
    expect(row).toMatchObject({ status: "succeeded", fundraiserId: page.id, isMonthly: true });
    expect(await publicFundraiser(page.slug)).toMatchObject({ raisedCents: 5000, gifts: 1 });
    const [gift] = await db().select().from(monthlyGifts);
    const month = (invoice: string) =>
      applyPaymentEvent({
        id: `evt_${invoice}`,
        type: "invoice.paid",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: invoice,
            amount_paid: 5000,
            parent: { subscription_details: { subscription: gift.subscriptionReference } },
          },
        },
      });
    await month("in_second_month");
    expect(await publicFundraiser(page.slug)).toMatchObject({ raisedCents: 10_000, gifts: 2 });
    await db().update(fundraisers).set({ status: "closed" }).where(eq(fundraisers.id, page.id));
    await month("in_third_month");
    const [third] = await db()
      .select()
      .from(donations)
      .where(eq(donations.paymentReference, "in_third_month"));
    expect(third).toMatchObject({ status: "succeeded", fundraiserId: null });
    expect(await publicFundraiser(page.slug)).toMatchObject({ raisedCents: 10_000, gifts: 2 });
    expect((await donationTotals()).total).toBe(15_000);
  });

  test.each([
    ["closed", "closed"],
    ["paused", "paused"],
    ["pending", "pending"],
    ["unknown", null],
  ])("a gift to a %s page goes to the general fund, with a notice", async (_label, status) => {
    const slug = status ? (await pageIn(status)).slug : "no-such-page";
    const notice = await settle(donateLoader(routeArgs(getRequest(`/donate?fundraiser=${slug}`))));
    expect(notice.body).toMatchObject({ fundraiser: null, fundraiserClosed: true });
    const { row, response } = await give(slug);
    expect(row).toMatchObject({ status: "succeeded", fundraiserId: null });
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "This fundraiser is not taking gifts.",
      description: "Your gift goes to our general fund instead.",
    });
    if (status) expect((await publicFundraiser(slug))?.raisedCents ?? 0).toBe(0);
  });

  test("the donation page names the fundraiser a gift supports", async () => {
    const page = await pageIn("approved");
    const { body } = await settle(
      donateLoader(routeArgs(getRequest(`/donate?fundraiser=${page.slug}`))),
    );
    expect(body).toMatchObject({
      fundraiser: { slug: page.slug, title: page.title },
      fundraiserClosed: false,
    });
  });
});

describe("finding a fundraiser", () => {
  async function listed(query = "", locale = "") {
    const search = query ? `?q=${encodeURIComponent(query)}` : "";
    const data = (await listLoader(
      routeArgs(getRequest(`${locale}/give-to-fundraiser${search}`)),
    )) as { fundraisers: { slug: string; raisedCents: number; ownerFirstName: string }[] };
    return data.fundraisers;
  }

  async function approvedAt(slug: string, minutesAgo: number) {
    await db()
      .update(fundraisers)
      .set({ approvedAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(fundraisers.slug, slug));
  }

  test("lists approved pages that take gifts, most recent activity first", async () => {
    for (const status of ["pending", "paused", "closed", "rejected", "draft"]) await pageIn(status);
    await pageIn("approved", "older");
    await approvedAt("older", 60);
    await pageIn("approved", "newer");
    await approvedAt("newer", 5);
    const ended = await pageIn("approved", "ended");
    await db()
      .update(fundraisers)
      .set({ endDate: isoDay(-1) })
      .where(eq(fundraisers.id, ended.id));
    expect((await listed()).map((page) => page.slug)).toEqual(["newer", "older"]);

    // A gift is activity: the older page moves up.
    const [older] = await db().select().from(fundraisers).where(eq(fundraisers.slug, "older"));
    await db().insert(donations).values({
      donorName: "Recent Giver",
      donorEmail: "recent@example.org",
      amount: 2500,
      status: "succeeded",
      succeededAt: new Date(),
      fundraiserId: older.id,
    });
    const pages = await listed("", "/es");
    expect(pages.map((page) => page.slug)).toEqual(["older", "newer"]);
    expect(pages[0]).toMatchObject({ raisedCents: 2500, ownerFirstName: "Sam" });
  });

  test("searches titles and owners' names, case-insensitively, wildcards taken literally", async () => {
    await pageIn("approved", "drive");
    await db().insert(fundraisers).values({
      slug: "percent",
      ownerName: "Lucía Gómez",
      ownerEmail: "lucia@example.org",
      title: "100% for Houston",
      story: "A story long enough to be stored.",
      goalCents: 50_000,
      status: "approved",
    });
    expect((await listed("SAM'S")).map((page) => page.slug)).toEqual(["drive"]);
    expect((await listed("gómez")).map((page) => page.slug)).toEqual(["percent"]);
    expect((await listed("100%")).map((page) => page.slug)).toEqual(["percent"]);
    expect(await listed("_")).toEqual([]);
    expect(await listed("nobody")).toEqual([]);
  });

  test("the sitemap lists approved pages in both languages; robots.txt lets them be crawled", async () => {
    await pageIn("approved", "listed-page");
    await pageIn("pending", "waiting-page");
    const xml = await (await sitemapLoader()).text();
    expect(xml).toContain("<loc>http://localhost:3000/fundraise/listed-page</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/es/fundraise/listed-page</loc>");
    expect(xml).not.toContain("waiting-page");
    expect(xml).not.toContain(":slug");
    const robots = await robotsLoader().text();
    expect(robots).toContain("Disallow: /fundraise/confirm");
    expect(robots).not.toMatch(/^Disallow: \/fundraise\/$/m);
  });
});

describe("e-mails about gifts on a fundraiser page", () => {
  test("the owner hears of each gift (anonymous ones unnamed), and of half and all of the goal once; the receipt names the page", async () => {
    const page = await pageIn("approved");
    await db().update(fundraisers).set({ goalCents: 10_000 }).where(eq(fundraisers.id, page.id));
    const pay = (fields: Record<string, string>) => give(page.slug, fields);
    await pay({});
    await pay({ anonymous: "on", donorName: "Secret Name" });
    await pay({});
    const all = await mails();
    const gifts = all.filter((mail) => mail.kind === "fundraiser-gift");
    expect(gifts).toHaveLength(3);
    expect(gifts.every((mail) => mail.to === "sam@example.org")).toBe(true);
    expect(gifts.map((mail) => mail.text).join("\n")).toContain(
      'Ana Donor gave $50.00 to "Sam\'s approved drive"',
    );
    expect(gifts.map((mail) => mail.text).join("\n")).toContain("Anonymous gave $50.00");
    // What the owner reads never names an anonymous donor (the donor's own receipt does).
    const toOwner = all.filter((mail) => mail.to === "sam@example.org").map((mail) => mail.text);
    expect(toOwner.join("\n")).not.toContain("Secret Name");
    expect(gifts.map((mail) => mail.text).join("\n")).not.toContain("@example.org");
    const goals = all.filter((mail) => mail.kind === "fundraiser-goal").map((mail) => mail.subject);
    expect(goals.sort()).toEqual([
      "Halfway to your goal: Sam's approved drive",
      "You reached your goal: Sam's approved drive",
    ]);
    const receipts = all.filter((mail) => mail.kind === "receipt");
    expect(receipts).toHaveLength(3);
    for (const receipt of receipts) {
      expect(receipt.text).toContain("Given on the fundraiser: Sam's approved drive");
    }
  });
});

describe("fundraisers.csv", () => {
  async function download(visitor: "editor" | "finance" | "admin" | "user") {
    const { cookie } = await createUserSession(visitor);
    const { status, body } = await settle(
      exportLoader(
        routeArgs(getRequest("/admin/export/fundraisers.csv", cookie), { file: "fundraisers.csv" }),
      ),
    );
    return { status, response: body as Response };
  }

  test("staff of the tab download every page with its raised total, formulas neutralised", async () => {
    const page = await pageIn("approved");
    await db()
      .update(fundraisers)
      .set({ title: "=HYPERLINK(1)" })
      .where(eq(fundraisers.id, page.id));
    await pageIn("draft");
    await db().insert(donations).values({
      donorName: "Csv Giver",
      donorEmail: "csv@example.org",
      amount: 4000,
      refundedAmount: 1000,
      status: "succeeded",
      succeededAt: new Date(),
      fundraiserId: page.id,
    });
    const { status, response } = await download("finance");
    expect(status).toBe(200);
    const rows: string[][] = parse(await response.text(), { bom: true });
    expect(rows[0]).toEqual([
      "Title",
      "Owner",
      "Email",
      "Status",
      "Goal",
      "Raised",
      "Gifts",
      "End date",
      "Started",
      "Approved",
      "Address",
      "Language",
    ]);
    expect(rows).toHaveLength(3);
    const approved = rows.find((row) => row[10] === "/fundraise/page-approved");
    expect(approved?.slice(0, 7)).toEqual([
      "'=HYPERLINK(1)",
      "Sam Ortiz Lee",
      "sam@example.org",
      "Approved",
      "$1,000.00",
      "$30.00",
      "1",
    ]);
    expect(rows.find((row) => row[10] === "/fundraise/page-draft")?.[3]).toBe(
      "Draft (e-mail not confirmed)",
    );
    expect((await download("editor")).status).toBe(200);
    expect((await download("user")).status).toBe(403);
  });
});
