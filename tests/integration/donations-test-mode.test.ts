import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { donations, mailOutbox, monthlyGifts, paymentEvents } from "#app/db/schema";
import { donationTotals } from "#app/features/donations/admin/donations.server";
import { donorOverview } from "#app/features/donations/manage.server";
import { manageToken } from "#app/features/donations/manage-link.server";
import { loader as successLoader } from "#app/features/donations/routes/donation-success";
import {
  action as manageAction,
  loader as manageLoader,
} from "#app/features/donations/routes/manage";
import { action as payAction, loader as payLoader } from "#app/features/donations/routes/pay";
import { loader as statementLoader } from "#app/features/donations/routes/statement";
import { action as donateAction } from "#app/site/routes/donate";
import { altchaProof, formRequest, routeArgs, toastOf } from "#tests/utils";

/*
 * The donation flow in test payment mode (no Stripe keys,
 * docs/decisions/074-test-payment-mode.md), through the real route actions and loaders: the same
 * server path a Stripe payment takes, with status changes applied by the webhook's own code. The
 * Stripe path is in donations-stripe.test.ts.
 */

type ActionResult =
  | Response
  | { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" };

let clientCounter = 0;
/** A distinct client address per call unless given, so rate limits only bite where tested. */
const nextClient = () => `198.51.100.${++clientCounter % 250}`;

async function donate(
  fields: Record<string, string>,
  { clientIp = nextClient(), proof = true }: { clientIp?: string; proof?: boolean } = {},
) {
  const body: Record<string, string> = {
    panel: "full",
    frequency: "once",
    preset: "50",
    donorName: "Ana Donor",
    donorEmail: `ana${clientCounter}@example.org`,
    ...(proof ? { altcha: await altchaProof() } : {}),
    ...fields,
  };
  return (await donateAction(
    routeArgs(formRequest("/donate", body, { clientIp })),
  )) as ActionResult;
}

/** The donation a redirect to its payment page names, with that page's token. */
function paymentPage(response: ActionResult) {
  expect(response).toBeInstanceOf(Response);
  const location = (response as Response).headers.get("Location") ?? "";
  const match = location.match(/^\/donate\/pay\/([0-9a-f-]{36})\?token=(.+)$/);
  expect(match, location).not.toBeNull();
  return { id: match![1], token: decodeURIComponent(match![2]) };
}

async function pay(id: string, token: string, card: Record<string, string> = GOOD_CARD) {
  return (await payAction(
    routeArgs(formRequest(`/donate/pay/${id}`, { token, ...card }, { clientIp: nextClient() }), {
      id,
    }),
  )) as ActionResult;
}

const donationRows = () => db().select().from(donations);
const refused = (result: ActionResult) => {
  expect(result).not.toBeInstanceOf(Response);
  return result as { data: { error: Record<string, string[]> }; init: ResponseInit };
};

describe("starting a donation", () => {
  test("a valid gift is written as pending, with the fee apart, and continues to payment", async () => {
    const response = await donate({
      preset: "100",
      frequency: "once",
      coverFee: "on",
      anonymous: "on",
      donorEmail: "Maria@Example.org",
    });
    const { id } = paymentPage(response);
    const [row] = await donationRows();
    expect(row).toMatchObject({
      id,
      amount: 10_000,
      feeAmount: 330,
      currency: "usd",
      isMonthly: false,
      isAnonymous: true,
      status: "pending",
      donorEmail: "maria@example.org",
    });
    expect(row.paymentReference).toMatch(/^pi_test_/);
  });

  test.each([
    ["0", "The smallest gift we can accept online is $1."],
    ["-20", "Please enter a whole-dollar amount, for example 75."],
    ["12.50", "Please enter a whole-dollar amount, for example 75."],
    [
      "1000000000000",
      "The largest gift we can accept online is $100,000. For a larger gift, please contact us.",
    ],
    ["ten", "Please enter a whole-dollar amount, for example 75."],
  ])(
    "custom amount %j is refused with its message and nothing is written",
    async (customAmount, message) => {
      const result = refused(await donate({ customAmount }));
      expect(result.init.status).toBe(400);
      expect(result.data.error.customAmount).toEqual([message]);
      expect(await donationRows()).toHaveLength(0);
    },
  );

  test("tampered fields are refused: unknown preset, type, panel or checkbox value", async () => {
    const tampered: Record<string, string>[] = [
      { preset: "30" },
      { frequency: "weekly" },
      { panel: "vip" },
      { coverFee: "yes" },
      { donorEmail: "not-an-address" },
    ];
    for (const fields of tampered) {
      expect(refused(await donate(fields)).init.status).toBe(400);
    }
    expect(await donationRows()).toHaveLength(0);
  });

  test("a fee or status sent with the form is ignored: the server computes them", async () => {
    paymentPage(await donate({ feeAmount: "1", amount: "1", status: "succeeded", coverFee: "on" }));
    const [row] = await donationRows();
    expect(row).toMatchObject({ amount: 5000, feeAmount: 181, status: "pending" });
  });

  test("the honeypot answers like a success and writes nothing", async () => {
    const response = await donate({ website: "http://spam.example" });
    expect((response as Response).headers.get("Location")).toBe("/donate");
    expect(await donationRows()).toHaveLength(0);
  });

  test("a forged or replayed proof of work is refused", async () => {
    const forged = refused(await donate({ altcha: Buffer.from("{}").toString("base64") }));
    expect(forged.init.status).toBe(400);
    const proof = await altchaProof();
    paymentPage(await donate({ altcha: proof }, { proof: false }));
    const replayed = refused(await donate({ altcha: proof }, { proof: false }));
    expect(replayed.data).toMatchObject({
      error: { "": ["We could not check this request. Please reload the page and try again."] },
    });
    expect(await donationRows()).toHaveLength(1);
  });

  test("without a proof of work (no JavaScript) a client gets 3 attempts an hour", async () => {
    const clientIp = "192.0.2.77";
    for (let attempt = 0; attempt < 3; attempt++) {
      paymentPage(await donate({}, { clientIp, proof: false }));
    }
    const limited = refused(await donate({}, { clientIp, proof: false }));
    expect(limited.init.status).toBe(429);
    expect(await donationRows()).toHaveLength(3);
  });

  test("one donor e-mail gets 5 payment attempts an hour, whatever the client", async () => {
    const donorEmail = "busy@example.org";
    for (let attempt = 0; attempt < 5; attempt++) paymentPage(await donate({ donorEmail }));
    const limited = refused(await donate({ donorEmail }));
    expect(limited.init.status).toBe(429);
    expect(await donationRows()).toHaveLength(5);
  });

  test("going back to change the amount or type updates the pending donation", async () => {
    const first = paymentPage(await donate({ preset: "50" }));
    const changed = paymentPage(await donate({ preset: "25", edit: first.token }));
    expect(changed.id).toBe(first.id);
    const monthly = paymentPage(await donate({ frequency: "monthly", edit: first.token }));
    const rows = await donationRows();
    const active = rows.filter((row) => row.status === "pending");
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ id: monthly.id, isMonthly: true, amount: 5000 });
    if (monthly.id !== first.id) {
      // The one-time payment it replaced was abandoned, through the provider's event.
      expect(rows.find((row) => row.id === first.id)?.status).toBe("canceled");
    }
  });
});

describe("paying in test mode", () => {
  test("the payment page needs the donation's own token", async () => {
    const { id, token } = paymentPage(await donate({}));
    const page = await payLoader(
      routeArgs(
        new Request(`http://localhost:3000/donate/pay/${id}?token=${encodeURIComponent(token)}`),
        { id },
      ),
    );
    expect(page).toMatchObject({
      mode: "test",
      stripe: null,
      gift: { amount: 5000, status: "pending" },
    });
    await expect(
      payLoader(
        routeArgs(new Request(`http://localhost:3000/donate/pay/${id}?token=forged`), { id }),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  test("a declined card fails with its message; the good card then pays once, with one receipt", async () => {
    const { id, token } = paymentPage(await donate({ preset: "25", donorEmail: "cy@example.org" }));

    const declined = (await pay(id, token, DECLINED_CARD)) as Response;
    expect(await toastOf(declined)).toMatchObject({
      title: "Payment failed",
      description: "Your card was declined.",
    });
    expect((await donationRows())[0]).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });

    const paid = (await pay(id, token)) as Response;
    expect(paid.headers.get("Location")).toBe(`/donation-success?ref=${id}`);
    const [row] = await donationRows();
    expect(row.status).toBe("succeeded");
    expect(row.succeededAt).toBeInstanceOf(Date);

    // Paying again does not charge again: the paid gift goes to its success page.
    const again = (await pay(id, token)) as Response;
    expect(again.headers.get("Location")).toBe(`/donation-success?ref=${id}`);
    const receipts = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "receipt"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].to).toBe("cy@example.org");
    expect(receipts[0].text).toContain(
      "No goods or services were provided in exchange for this contribution.",
    );
    expect(receipts[0].text).toContain("Amount of contribution: $25.00");
    expect(receipts[0].text).toMatch(/EIN/);
    expect(receipts[0].text).toContain("/create-account");
    const events = await db().select().from(paymentEvents);
    expect(events.map((event) => event.type).sort()).toEqual([
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
  });

  test.each([
    [{ cardNumber: "4242 4242 4242 4241" }, "This card number is not valid."],
    [{ cardNumber: "42" }, "Please enter a card number of 13 to 19 digits."],
    [{ expiry: "01/20" }, "This card has expired."],
    [{ expiry: "13/30" }, "Please enter the expiry date as MM/YY."],
    [{ cvc: "12" }, "Please enter the 3 or 4 digit security code."],
  ])("a malformed card %j is refused and changes nothing", async (card, message) => {
    const { id, token } = paymentPage(await donate({}));
    const result = refused(await pay(id, token, { ...GOOD_CARD, ...card }));
    expect(result.init.status).toBe(400);
    expect(Object.values(result.data.error).flat()).toContain(message);
    expect((await donationRows())[0].status).toBe("pending");
  });

  test("a monthly gift starts when its first month is paid", async () => {
    const { id, token } = paymentPage(await donate({ frequency: "monthly", preset: "50" }));
    await pay(id, token);
    const [gift] = await db().select().from(monthlyGifts);
    expect(gift).toMatchObject({ status: "active", amount: 5000 });
    expect((await donationRows())[0]).toMatchObject({
      status: "succeeded",
      monthlyGiftId: gift.id,
    });
  });
});

describe("a donor who closes the tab mid-payment", () => {
  test("leaves a pending row that counts nowhere, and can come back to pay it", async () => {
    const { id, token } = paymentPage(
      await donate({ preset: "100", donorEmail: "tab@example.org" }),
    );
    // Nothing was paid: no total, no gift in the donor's list, no receipt.
    expect(await donationTotals()).toMatchObject({ total: 0, donors: 0 });
    expect((await donorOverview("tab@example.org")).gifts).toHaveLength(0);
    expect(await db().select().from(mailOutbox)).toHaveLength(0);

    // The payment page still opens from its link, and paying then counts once.
    await payLoader(
      routeArgs(
        new Request(`http://localhost:3000/donate/pay/${id}?token=${encodeURIComponent(token)}`),
        { id },
      ),
    );
    await pay(id, token);
    expect(await donationTotals()).toMatchObject({ total: 10_000, donors: 1 });
    expect((await donorOverview("tab@example.org")).gifts).toHaveLength(1);
  });
});

// docs/decisions/070-donation-payment-flow.md
describe("the success page", () => {
  const success = (query: string) =>
    successLoader(routeArgs(new Request(`http://localhost:3000/donation-success${query}`)));

  test("shows the gift and its current status, by our reference", async () => {
    const { id, token } = paymentPage(await donate({ preset: "100" }));
    expect(await success(`?ref=${id}`)).toMatchObject({
      gift: { status: "pending", total: 10_000 },
    });
    await pay(id, token);
    expect(await success(`?ref=${id}`)).toMatchObject({ gift: { status: "succeeded" } });
  });

  test("an unknown or malformed reference gets the friendly page, never an error", async () => {
    for (const query of [
      "",
      "?ref=nope",
      "?ref=00000000-0000-4000-8000-000000000000",
      "?payment_intent=<script>",
    ]) {
      expect(await success(query)).toMatchObject({ gift: null });
    }
  });
});

describe("managing gifts", () => {
  async function paidMonthly(donorEmail: string) {
    const { id, token } = paymentPage(
      await donate({ frequency: "monthly", preset: "50", donorEmail }),
    );
    await pay(id, token);
    const [gift] = await db().select().from(monthlyGifts);
    return gift;
  }

  const manage = (fields: Record<string, string>) =>
    manageAction(routeArgs(formRequest("/donate/manage", fields, { clientIp: nextClient() })));

  test("the signed link shows the donor's gifts; a forged or expired one does not", async () => {
    await paidMonthly("dee@example.org");
    const token = manageToken("dee@example.org");
    const page = await manageLoader(
      routeArgs(
        new Request(`http://localhost:3000/donate/manage?token=${encodeURIComponent(token)}`),
      ),
    );
    expect(page.donor?.gifts).toHaveLength(1);
    expect(page.donor?.monthly[0]).toMatchObject({ status: "active", amount: 5000 });

    const old = manageToken("dee@example.org", new Date(Date.now() - 31 * 86_400_000));
    const expired = await manageLoader(
      routeArgs(
        new Request(`http://localhost:3000/donate/manage?token=${encodeURIComponent(old)}`),
      ),
    );
    expect(expired).toMatchObject({ problem: "expired", donor: null });
    // One character of the signature changed. Not the last one: in base64 its low bits are
    // padding, so some changes decode to the very same signature.
    const at = token.length - 2;
    const tampered = token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
    const forged = await manageLoader(
      routeArgs(
        new Request(`http://localhost:3000/donate/manage?token=${encodeURIComponent(tampered)}`),
      ),
    );
    expect(forged.donor).toBeNull();
  });

  test("a monthly gift can change its amount, then be canceled, by its donor only", async () => {
    const gift = await paidMonthly("eve@example.org");
    const token = manageToken("eve@example.org");

    const stranger = (await manage({
      intent: "cancel",
      token: manageToken("mallory@example.org"),
      giftId: gift.id,
    })) as Response;
    expect((await toastOf(stranger))?.type).toBe("error");

    const changed = (await manage({
      intent: "change-amount",
      token,
      giftId: gift.id,
      amount: "75",
    })) as Response;
    expect((await toastOf(changed))?.title).toBe("Monthly gift updated");
    const badAmount = refused(
      (await manage({
        intent: "change-amount",
        token,
        giftId: gift.id,
        amount: "7.5",
      })) as ActionResult,
    );
    expect(badAmount.init.status).toBe(400);
    expect((await db().select().from(monthlyGifts))[0]).toMatchObject({
      amount: 7500,
      status: "active",
    });

    const canceled = (await manage({ intent: "cancel", token, giftId: gift.id })) as Response;
    expect((await toastOf(canceled))?.title).toBe("Monthly gift canceled");
    expect((await db().select().from(monthlyGifts))[0].status).toBe("canceled");
  });

  test("the year-end statement lists the year's gifts with the IRS wording", async () => {
    await paidMonthly("fay@example.org");
    const token = manageToken("fay@example.org");
    const year = new Date().getFullYear();
    const response = (await statementLoader(
      routeArgs(
        new Request(
          `http://localhost:3000/donate/manage/statement?token=${encodeURIComponent(token)}&year=${year}`,
        ),
      ),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    const text = await response.text();
    expect(text).toContain("$50.00");
    expect(text).toContain("No goods or services were provided");

    const forged = (await statementLoader(
      routeArgs(
        new Request(`http://localhost:3000/donate/manage/statement?token=forged&year=${year}`),
      ),
    )) as Response;
    expect(forged.status).toBe(403);

    await manage({ intent: "email-statement", token, year: String(year) });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "statement"));
    expect(mails).toHaveLength(1);
  });

  test("a new link goes only to an address that has given, and the answer is the same", async () => {
    await paidMonthly("gus@example.org");
    const known = (await manage({ intent: "request-link", email: "Gus@Example.org" })) as Response;
    const unknown = (await manage({
      intent: "request-link",
      email: "nobody@example.org",
    })) as Response;
    const { title, description } = (await toastOf(known)) ?? {};
    expect(await toastOf(unknown)).toMatchObject({ title, description });
    expect(title).toBe("Check your e-mail");
    const links = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "manage-link"));
    expect(links.map((mail) => mail.to)).toEqual(["gus@example.org"]);
  });
});
