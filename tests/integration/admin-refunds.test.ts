/**
 * Finance staff refund a paid gift from its page in the dashboard, in the test payment mode
 * (docs/decisions/256-refunds-from-the-dashboard.md); the same form against Stripe's API is in
 * donations-stripe.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { donations, paymentEvents } from "#app/db/schema";
import {
  action as detailAction,
  loader as detailLoader,
} from "#app/features/donations/admin/donation-detail";
import { centsFromDollars } from "#app/features/donations/admin/refunds.server";
import { pageTotals } from "#app/features/donations/index.server";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest, sessionsByVisitor, settle, type Visitor } from "./admin-helpers";
import { give, pageIn } from "./fundraiser-helpers";

// Every test starts from empty tables (tests/setup/integration.ts): sessions are made anew.
let cookies: Record<Visitor, string | undefined>;
beforeEach(async () => {
  cookies = await sessionsByVisitor();
});

/** A one-time $25.00 gift with a covered fee of $1.05, paid in the test payment mode. */
async function paidGift() {
  const [row] = await db()
    .insert(donations)
    .values({
      donorName: "Ana Ruiz",
      donorEmail: "ana@example.org",
      amount: 2500,
      feeAmount: 105,
      status: "succeeded",
      paymentReference: `pi_test_${crypto.randomUUID().slice(0, 12)}`,
      succeededAt: new Date(),
    })
    .returning();
  return row;
}

async function refund(id: string, fields: Record<string, string>, visitor: Visitor = "finance") {
  const { status, body } = await settle(
    detailAction(
      routeArgs(postRequest(`/admin/donations/${id}`, fields, cookies[visitor]), { id }),
    ),
  );
  const toast = body instanceof Response ? await toastOf(body) : null;
  return {
    status,
    toast,
    location: body instanceof Response ? body.headers.get("Location") : null,
  };
}

async function row(id: string) {
  const [found] = await db().select().from(donations).where(eq(donations.id, id));
  return found;
}

const REASON = { reason: "requested_by_customer" };

describe("refunds in the test payment mode", () => {
  test("a part, then the rest: recorded as Stripe's event would, the gift refunded at the end", async () => {
    const gift = await paidGift();
    const first = await refund(gift.id, { amount: "10", ...REASON });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/admin/donations/${gift.id}`);
    expect(first.toast).toMatchObject({
      type: "success",
      title: "Refunded $10.00: the totals show it now",
    });
    expect(await row(gift.id)).toMatchObject({ status: "succeeded", refundedAmount: 1000 });

    // The form offers what is left: the gift and its covered fee, less the first refund.
    const page = await detailLoader(
      routeArgs(getRequest(`/admin/donations/${gift.id}`, cookies.finance), { id: gift.id }),
    );
    expect(page.donation.refundable).toEqual({ shown: "$16.05", dollars: "16.05" });

    const rest = await refund(gift.id, { amount: "$16.05", reason: "duplicate" });
    expect(rest.toast?.type).toBe("success");
    expect(await row(gift.id)).toMatchObject({ status: "refunded", refundedAmount: 2605 });
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.donationId, gift.id));
    expect(events.map((event) => event.type)).toEqual(["charge.refunded", "charge.refunded"]);

    const after = await detailLoader(
      routeArgs(getRequest(`/admin/donations/${gift.id}`, cookies.finance), { id: gift.id }),
    );
    expect(after.donation.refundable).toBeNull();
    const again = await refund(gift.id, { amount: "1", ...REASON });
    expect(again.toast).toMatchObject({ type: "error", title: "Only a paid gift can be refunded" });
  });

  test("a refunded gift leaves its fundraiser's raised amount", async () => {
    const page = await pageIn("approved", "refund-drive");
    const { row: gift } = await give("refund-drive", { preset: "", customAmount: "25" });
    const { row: kept } = await give("refund-drive", { preset: "", customAmount: "40" });
    expect(gift.status).toBe("succeeded");
    expect((await pageTotals([page.id])).get(page.id)).toMatchObject({
      raisedCents: 6500,
      gifts: 2,
    });

    await refund(gift.id, { amount: (gift.amount / 100).toFixed(2), ...REASON });
    expect((await row(gift.id)).status).toBe("refunded");
    expect((await pageTotals([page.id])).get(page.id)).toMatchObject({
      raisedCents: 4000,
      gifts: 1,
    });
    expect((await row(kept.id)).status).toBe("succeeded");
  });

  test("bad input is refused with a clear message and changes nothing", async () => {
    const gift = await paidGift();
    const cases: [Record<string, string>, string][] = [
      [{ amount: "abc", ...REASON }, "Enter the amount to refund in dollars, such as 25 or 25.50"],
      [{ amount: "-5", ...REASON }, "Enter the amount to refund in dollars, such as 25 or 25.50"],
      [{ amount: "0", ...REASON }, "Enter the amount to refund in dollars, such as 25 or 25.50"],
      [
        { amount: "1.005", ...REASON },
        "Enter the amount to refund in dollars, such as 25 or 25.50",
      ],
      [{ amount: "", ...REASON }, "Enter the amount to refund in dollars, such as 25 or 25.50"],
      [{ amount: "26.06", ...REASON }, "At most $26.05 can be refunded on this gift"],
      [{ amount: "10" }, "Choose why the gift is refunded"],
      [{ amount: "10", reason: "changed_my_mind" }, "Choose why the gift is refunded"],
    ];
    for (const [fields, message] of cases) {
      const answer = await refund(gift.id, fields);
      expect(answer.toast, JSON.stringify(fields)).toMatchObject({ type: "error", title: message });
    }
    expect(await row(gift.id)).toMatchObject({ status: "succeeded", refundedAmount: 0 });
    expect(await db().select().from(paymentEvents)).toEqual([]);
  });

  test("only a paid gift: pending, failed and unknown donations are refused", async () => {
    const [pending] = await db()
      .insert(donations)
      .values({
        donorName: "Pat Pending",
        donorEmail: "pat@example.org",
        amount: 2000,
        status: "pending",
        paymentReference: "pi_test_pending",
      })
      .returning();
    for (const id of [pending.id, crypto.randomUUID(), "not-a-uuid"]) {
      const answer = await refund(id, { amount: "5", ...REASON });
      expect(answer.toast).toMatchObject({
        type: "error",
        title: "Only a paid gift can be refunded",
      });
    }
    expect((await row(pending.id)).refundedAmount).toBe(0);
  });

  test("only finance and admins may refund", async () => {
    const gift = await paidGift();
    for (const visitor of ["anonymous", "user", "editor"] as const) {
      const answer = await refund(gift.id, { amount: "5", ...REASON }, visitor);
      expect([302, 403], visitor).toContain(answer.status);
      expect(answer.toast, visitor).toBeNull();
    }
    expect((await row(gift.id)).refundedAmount).toBe(0);
    expect((await refund(gift.id, { amount: "5", ...REASON }, "admin")).toast?.type).toBe(
      "success",
    );
    expect((await row(gift.id)).refundedAmount).toBe(500);
  });
});

test("dollar amounts as staff type them", () => {
  expect(centsFromDollars("25")).toBe(2500);
  expect(centsFromDollars(" $1,250.5 ")).toBe(125_050);
  expect(centsFromDollars("0.75")).toBe(75);
  expect(centsFromDollars("1,25")).toBeNull();
  expect(centsFromDollars("25.")).toBeNull();
  expect(centsFromDollars("1e3")).toBeNull();
});
