import { parse } from "csv-parse/sync";
import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { db } from "#app/db/client.server";
import { donations, monthlyGifts, paymentEvents } from "#app/db/schema";
import DonationDetail, {
  ErrorBoundary as DonationErrorBoundary,
  loader as detailLoader,
} from "#app/features/donations/admin/donation-detail";
import { donationsByMonth, donationTotals } from "#app/features/donations/admin/donations.server";
import { loader as donationsLoader } from "#app/features/donations/admin/donations-tab";
import { catalogs } from "#app/i18n/catalogs.server";
import { createI18n, type I18n, I18nProvider } from "#app/i18n/translator";
import { routeArgs } from "#tests/utils";
import { getRequest, sessionsByVisitor, settle, visitors } from "./admin-helpers";

type Seeded = Awaited<ReturnType<typeof seed>>;

/**
 * One donation of each status, with fees and refunds, all in November 2026 (Houston time):
 *   one-time  succeeded $50.00 + $1.75 fee                          counts $50.00
 *   monthly   succeeded $100.00 + $3.20 fee, $30.00 refunded         counts $70.00
 *   one-time  refunded  $20.00, fully refunded                       counts nothing
 *   one-time  succeeded $10.00 + $0.59 fee, $10.50 refunded          counts $0, fee $0.09
 *   monthly   processing $40.00 (a bank debit settling)              counts nothing
 *   one-time  pending, failed, canceled                              count nothing
 */
async function seed() {
  const [gift] = await db()
    .insert(monthlyGifts)
    .values({
      subscriptionReference: "sub_test_123",
      customerReference: "cus_test_123",
      donorName: "Bea Monthly",
      donorEmail: "bea@example.org",
      amount: 10_000,
      feeAmount: 320,
      status: "active",
      createdAt: new Date("2026-11-02T15:00:00Z"),
    })
    .returning();
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 18));
  const rows = await db()
    .insert(donations)
    .values([
      {
        donorName: "Ana Ruiz",
        donorEmail: "Ana@Example.org",
        amount: 5000,
        feeAmount: 175,
        status: "succeeded",
        paymentReference: "pi_ana",
        createdAt: at(3),
      },
      {
        donorName: "Bea Monthly",
        donorEmail: "bea@example.org",
        isAnonymous: true,
        amount: 10_000,
        feeAmount: 320,
        refundedAmount: 3000,
        isMonthly: true,
        status: "succeeded",
        paymentReference: "in_bea_1",
        paymentIntentId: "pi_bea_1",
        monthlyGiftId: gift.id,
        language: "es",
        newsletterOptIn: true,
        createdAt: at(4),
      },
      {
        donorName: "Cy Refunded",
        donorEmail: "cy@example.org",
        amount: 2000,
        refundedAmount: 2000,
        status: "refunded",
        paymentReference: "pi_cy",
        createdAt: at(5),
      },
      {
        donorName: "Di Overrefunded",
        donorEmail: "di@example.org",
        amount: 1000,
        feeAmount: 59,
        refundedAmount: 1050,
        status: "succeeded",
        paymentReference: "pi_di",
        createdAt: at(6),
      },
      {
        donorName: "Ed Bank",
        donorEmail: "ed@example.org",
        amount: 4000,
        isMonthly: true,
        status: "processing",
        paymentReference: "in_ed",
        createdAt: at(7),
      },
      {
        donorName: "Fay Pending",
        donorEmail: "fay@example.org",
        amount: 700,
        status: "pending",
        createdAt: at(8),
      },
      {
        donorName: "=cmd|' /C calc'!A0",
        donorEmail: "gus@example.org",
        amount: 999,
        status: "failed",
        failureMessage: "Your card was declined.",
        paymentReference: "pi_gus",
        createdAt: at(9),
      },
      {
        donorName: "Hal Canceled",
        donorEmail: "hal@example.org",
        amount: 500,
        status: "canceled",
        paymentReference: "pi_hal",
        createdAt: at(10),
      },
    ])
    .returning();
  const byName = Object.fromEntries(rows.map((row) => [row.donorName, row]));
  return { gift, bea: byName["Bea Monthly"], ana: byName["Ana Ruiz"] };
}

/** Bea's events, inserted out of order; one belongs to the gift only (its cancellation). */
async function seedHistory({ gift, bea, ana }: Seeded) {
  await db()
    .insert(paymentEvents)
    .values([
      {
        eventId: "evt_3",
        type: "charge.refunded",
        donationId: bea.id,
        outcome: "refunded 3000 cents so far",
        occurredAt: new Date("2026-11-20T10:00:00Z"),
      },
      {
        eventId: "evt_1",
        type: "invoice.paid",
        donationId: bea.id,
        monthlyGiftId: gift.id,
        outcome: "pending -> succeeded",
        occurredAt: new Date("2026-11-04T18:00:05Z"),
      },
      {
        eventId: "evt_4",
        type: "customer.subscription.deleted",
        monthlyGiftId: gift.id,
        outcome: "monthly gift canceled",
        occurredAt: new Date("2026-11-25T10:00:00Z"),
      },
      {
        eventId: "evt_2",
        type: "invoice.paid",
        donationId: bea.id,
        outcome: "ignored: already succeeded",
        occurredAt: new Date("2026-11-04T18:00:06Z"),
      },
      {
        eventId: "evt_other",
        type: "payment_intent.succeeded",
        donationId: ana.id,
        outcome: "pending -> succeeded",
        occurredAt: new Date("2026-11-03T18:00:00Z"),
      },
    ]);
}

async function listFor(query: string, cookie: string) {
  const { list, loadError, filters } = await donationsLoader(
    routeArgs(getRequest(`/admin/donations${query}`, cookie)),
  );
  expect(loadError).toBeNull();
  return { list: list!, filters };
}

async function download(query: string, cookie: string) {
  const { status, body } = await settle(
    exportLoader(
      routeArgs(getRequest(`/admin/export/donations.csv${query}`, cookie), {
        file: "donations.csv",
      }),
    ),
  );
  return { status, response: body as Response };
}

/** The detail route module with its loader data, as the framework passes it. */
function DetailWithData() {
  return createElement(DonationDetail, { loaderData: useLoaderData() } as never);
}

const detailRoutes: RouteObject[] = [
  {
    id: "donation",
    path: "/admin/donations/:id",
    loader: ({ request, params }) => detailLoader(routeArgs(request, params as never)),
    Component: DetailWithData,
    ErrorBoundary: DonationErrorBoundary,
  },
];

/** The detail route rendered the way the server renders it, under a minimal route tree. */
async function renderDetail(id: string, cookie: string) {
  const handler = createStaticHandler(detailRoutes);
  const context = await handler.query(getRequest(`/admin/donations/${id}`, cookie));
  if (context instanceof Response) throw new Error("unexpected redirect");
  // The document layout provides the catalog (the refund form's button reads it); here it is given.
  const html = renderToString(
    createElement(
      // Its children are given as createElement's third argument.
      I18nProvider as FunctionComponent<{ i18n: I18n }>,
      { i18n: createI18n("en", catalogs.en) },
      createElement(StaticRouterProvider, {
        router: createStaticRouter(detailRoutes, context),
        context,
        hydrate: false,
      }),
    ),
  );
  return { status: context.statusCode, html };
}

describe("donation totals", () => {
  test("only succeeded gifts count, less refunds; fees apart; donors among succeeded", async () => {
    await seed();
    expect(await donationTotals()).toEqual({
      // Ana 5000 + Bea 10000 - 3000 + Di 1000 - 1050 (never below zero).
      total: 12_000,
      monthly: 7000,
      // Ana 175 + Bea 320 + Di 59 less the 50 refunded beyond the gift.
      fees: 504,
      // Ana, Bea and Di; Cy was refunded in full, the others never paid.
      donors: 3,
    });
  });

  test("the monthly chart uses the same rule", async () => {
    await seed();
    const months = await donationsByMonth(new Date("2026-11-15T12:00:00Z"));
    expect(months.at(-1)).toMatchObject({ month: "2026-11", oneTime: 5000, monthly: 7000 });
    expect(months.slice(0, -1).every((month) => month.oneTime + month.monthly === 0)).toBe(true);
  });

  test("the tab shows the totals with fees apart", async () => {
    await seed();
    const sessions = await sessionsByVisitor();
    const { list } = await listFor("", sessions.finance!);
    expect(list.totals).toEqual({ total: 12_000, monthly: 7000, fees: 504, donors: 3 });
  });
});

describe("donations table and filters", () => {
  test("rows show fee and capitalised status with their tones, newest first", async () => {
    await seed();
    const sessions = await sessionsByVisitor();
    const { list, filters } = await listFor("", sessions.finance!);
    expect(filters).toEqual({});
    expect(list.rows.map((row) => [row.donor, row.amount, row.fee, row.status, row.tone])).toEqual([
      ["Hal Canceled", "$5.00", "$0.00", "Canceled", "other"],
      ["=cmd|' /C calc'!A0", "$9.99", "$0.00", "Failed", "other"],
      ["Fay Pending", "$7.00", "$0.00", "Pending", "pending"],
      ["Ed Bank", "$40.00", "$0.00", "Processing", "pending"],
      ["Di Overrefunded", "$10.00", "$0.59", "Succeeded", "succeeded"],
      ["Cy Refunded", "$20.00", "$0.00", "Refunded", "other"],
      ["Anonymous", "$100.00", "$3.20", "Succeeded", "succeeded"],
      ["Ana Ruiz", "$50.00", "$1.75", "Succeeded", "succeeded"],
    ]);
  });

  test("status and type filters narrow the table; unknown values mean all", async () => {
    await seed();
    const { finance } = await sessionsByVisitor();
    const donors = async (query: string) =>
      (await listFor(query, finance!)).list.rows.map((row) => row.donor);

    expect(await donors("?status=succeeded")).toEqual(["Di Overrefunded", "Anonymous", "Ana Ruiz"]);
    expect(await donors("?type=monthly")).toEqual(["Ed Bank", "Anonymous"]);
    expect(await donors("?type=once&status=succeeded")).toEqual(["Di Overrefunded", "Ana Ruiz"]);
    expect(await donors("?status=refunded&type=monthly")).toEqual([]);
    expect(await donors("?status=processing")).toEqual(["Ed Bank"]);
    // What an empty select sends, and values a hand-edited URL could carry.
    expect(await donors("?status=&type=")).toHaveLength(8);
    expect(await donors("?status=SUCCEEDED'--&type=yearly")).toHaveLength(8);

    const { filters, list } = await listFor("?status=succeeded&type=monthly&page=1", finance!);
    expect(filters).toEqual({ status: "succeeded", type: "monthly" });
    expect(list.total).toBe(1);
    // The totals never follow the filters: they are the organisation's.
    expect(list.totals.total).toBe(12_000);
  });

  test("pagination counts the filtered rows", async () => {
    const { finance } = await sessionsByVisitor();
    await db()
      .insert(donations)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          donorName: `Donor ${index}`,
          donorEmail: `d${index}@example.org`,
          amount: 100 + index,
          isMonthly: index % 2 === 0,
          status: index % 3 === 0 ? "failed" : "succeeded",
          createdAt: new Date(Date.UTC(2026, 10, 1, index)),
        })),
      );
    // 30 rows, 15 monthly, of which 5 failed (indexes 0, 6, 12, 18, 24).
    const page1 = (await listFor("?type=monthly&status=succeeded", finance!)).list;
    expect([page1.total, page1.pageCount, page1.rows.length]).toEqual([10, 1, 10]);
    const all = (await listFor("?page=2", finance!)).list;
    expect([all.total, all.pageCount, all.page, all.rows.length]).toEqual([30, 2, 2, 5]);
  });
});

describe("donations.csv", () => {
  test("the columns first, then Fee, Refunded, Reference, Language, Fundraiser, Dedication, Honoree, Card sent; formulas neutralised", async () => {
    await seed();
    const { finance } = await sessionsByVisitor();
    const { status, response } = await download("", finance!);
    expect(status).toBe(200);
    const rows: string[][] = parse(await response.text(), { bom: true });
    expect(rows[0]).toEqual([
      "Donor",
      "Email",
      "Amount",
      "Type",
      "Status",
      "Date",
      "Fee",
      "Refunded",
      "Reference",
      "Language",
      "Fundraiser",
      "Dedication",
      "Honoree",
      "Card sent",
    ]);
    expect(rows).toHaveLength(9);
    const byEmail = Object.fromEntries(rows.slice(1).map((row) => [row[1], row]));
    expect(byEmail["bea@example.org"]).toEqual([
      "Anonymous",
      "bea@example.org",
      "$100.00",
      "Monthly",
      "Succeeded",
      "2026-11-04 12:00",
      "$3.20",
      "$30.00",
      "in_bea_1",
      "Spanish",
      "",
      "",
      "",
      "",
    ]);
    expect(byEmail["fay@example.org"].slice(6)).toEqual([
      "$0.00",
      "$0.00",
      "",
      "English",
      "",
      "",
      "",
      "",
    ]);
    expect(byEmail["gus@example.org"][0]).toBe("'=cmd|' /C calc'!A0");
  });

  test("the export honours the status and type filters, with the date range", async () => {
    await seed();
    const { finance } = await sessionsByVisitor();
    const emails = async (query: string) => {
      const { status, response } = await download(query, finance!);
      expect(status).toBe(200);
      return (parse(await response.text(), { bom: true }) as string[][])
        .slice(1)
        .map((row) => row[1]);
    };
    expect(await emails("?status=succeeded&type=once")).toEqual([
      "di@example.org",
      "Ana@Example.org",
    ]);
    expect(await emails("?type=monthly&from=2026-11-05&to=2026-11-30")).toEqual(["ed@example.org"]);
    expect(await emails("?status=nonsense")).toHaveLength(8);

    const empty = await download("?status=refunded&type=monthly", finance!);
    expect(empty.status).toBe(302);
    expect(empty.response.headers.get("Location")).toBe("/admin/donations");
  });
});

describe("donation detail page", () => {
  test("only finance and admin may open it", async () => {
    const seeded = await seed();
    const sessions = await sessionsByVisitor();
    const outcomes: Record<string, number | string | null> = {};
    for (const visitor of visitors) {
      const { status, body } = await settle(
        detailLoader(
          routeArgs(getRequest(`/admin/donations/${seeded.bea.id}`, sessions[visitor]), {
            id: seeded.bea.id,
          }),
        ),
      );
      outcomes[visitor] =
        status === 302 ? (body as Response).headers.get("Location") : (status as number);
    }
    expect(outcomes).toEqual({
      anonymous: "/login",
      user: 403,
      editor: 403,
      finance: 200,
      newsletters: 403,
      pages: 403,
      admin: 200,
    });
  });

  test("an unknown or malformed id is a 404, not an error", async () => {
    await seed();
    const { finance } = await sessionsByVisitor();
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
      "1 or 1=1",
      "00000000-0000-4000-8000-00000000000",
    ]) {
      const { status } = await settle(
        detailLoader(
          routeArgs(getRequest(`/admin/donations/${encodeURIComponent(id)}`, finance), { id }),
        ),
      );
      expect(status, id).toBe(404);
    }
    const { status, html } = await renderDetail("not-a-uuid", finance!);
    expect(status).toBe(404);
    expect(html).toContain("Donation not found");
    expect(html).toContain('href="/admin/donations"');
  });

  test("fields, monthly gift and history in the order events happened", async () => {
    const seeded = await seed();
    await seedHistory(seeded);
    const { finance } = await sessionsByVisitor();
    const { donation } = await detailLoader(
      routeArgs(getRequest(`/admin/donations/${seeded.bea.id}`, finance), { id: seeded.bea.id }),
    );
    expect(donation).toMatchObject({
      donor: "Anonymous",
      donorName: "Bea Monthly",
      email: "bea@example.org",
      amount: "$100.00",
      fee: "$3.20",
      charged: "$103.20",
      refunded: "$30.00",
      counted: "$70.00",
      type: "Monthly",
      status: "Succeeded",
      reference: "in_bea_1",
      paymentIntent: "pi_bea_1",
      language: "Spanish",
      newsletterOptIn: true,
      gift: {
        amount: "$100.00",
        fee: "$3.20",
        status: "Active",
        subscription: "sub_test_123",
        customer: "cus_test_123",
        canceled: null,
      },
    });
    // Ana's event is not Bea's; the gift's own cancellation is.
    expect(donation.events.map((event) => event.id)).toEqual(["evt_1", "evt_2", "evt_3", "evt_4"]);
    expect(donation.events[0]).toMatchObject({
      type: "invoice.paid",
      outcome: "pending -> succeeded",
      occurred: "Nov 4, 2026, 12:00 PM",
    });

    const { status, html } = await renderDetail(seeded.bea.id, finance!);
    expect(status).toBe(200);
    // One h2 per section, the history as an ordered list in time order.
    expect(html.match(/<h2[^>]*>(.*?)<\/h2>/g)?.map((h) => h.replace(/<[^>]+>/g, ""))).toEqual([
      "$100.00 monthly donation from Anonymous",
      "Refund",
      "Monthly gift",
      "Payment history",
    ]);
    // What is left of the month's charge ($103.20, $30.00 refunded) is offered to refund.
    expect(html).toContain("Up to $73.20 can be refunded.");
    expect(html).toMatch(/<input id="refund-amount"[^>]*value="73.20"/);
    const history = html.slice(html.indexOf("<ol"), html.indexOf("</ol>"));
    const order = ["evt_1", "evt_2", "evt_3", "evt_4"].map((id) => history.indexOf(`Event ${id}`));
    expect(order.every((position, index) => position > (order[index - 1] ?? -1))).toBe(true);
    expect(html).toContain("Name given (never shown publicly)");
    expect(html).toContain("bea@example.org");
  });

  test("a one-time gift without events says so and has no monthly gift", async () => {
    const { ana } = await seed();
    const { finance } = await sessionsByVisitor();
    const { status, html } = await renderDetail(ana.id, finance!);
    expect(status).toBe(200);
    expect(html).toContain("$50.00 one-time donation from Ana Ruiz");
    expect(html).not.toContain("Monthly gift");
    expect(html).toContain("No payment events recorded yet.");
  });
});
