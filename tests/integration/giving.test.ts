/**
 * "Your giving" (docs/decisions/285-donor-sign-in.md to 287): signing in by an e-mailed link (the
 * GET that changes nothing, once, within 30 minutes, rate limits, the same answer for unknown
 * addresses), the gift list across kinds, the year-end PDF at the edge of Houston's year, two
 * donors kept apart, and the card change and the pause of a monthly gift against the Stripe fake.
 * PDFs are read with pdf.js, never with the project's own code.
 */
import { desc, eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import {
  donations,
  donorSessions,
  donorSignInLinks,
  fundraisers,
  giftDedications,
  mailOutbox,
  monthlyGifts,
  paymentEvents,
  shiftSignups,
} from "#app/db/schema";
import { loader as detailLoader } from "#app/features/donations/admin/donation-detail";
import { resetStripeClientForTests } from "#app/features/donations/payments/stripe.server";
import { action as webhookAction } from "#app/features/donations/routes/stripe-webhook";
import {
  action as continueAction,
  loader as continueLoader,
} from "#app/features/giving/routes/continue";
import { loader as givingLoader } from "#app/features/giving/routes/giving";
import {
  action as monthlyAction,
  loader as monthlyLoader,
} from "#app/features/giving/routes/monthly";
import { loader as receiptLoader } from "#app/features/giving/routes/receipt";
import { action as requestAction } from "#app/features/giving/routes/sign-in-request";
import { action as signOutAction } from "#app/features/giving/routes/sign-out";
import { loader as statementLoader } from "#app/features/giving/routes/statement";
import { resetEnvForTests } from "#app/lib/env.server";
import { fromHoustonLocal } from "#app/lib/houston-calendar";
import { action as donateAction } from "#app/site/routes/donate";
import { createUserSession } from "#tests/auth-utils";
import {
  FAKE_KEYS,
  type StripeFake,
  startStripeFake,
  webhookRequest,
} from "#tests/fakes/stripe-api";
import { formRequest, routeArgs } from "#tests/utils";
import { getRequest, settle } from "./admin-helpers";
import { nextClientIp, post } from "./public-forms";
import { insertShift } from "./shifts-helpers";

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `donor-${addresses}@example.org`;
};

/** Asks for a link from a fresh client; returns the answer's status. */
async function ask(email: string, clientIp = nextClientIp(), path = "/create-account") {
  const { status } = await settle(
    requestAction(routeArgs(formRequest(path, { email }, { clientIp }))),
  );
  return status;
}

/** The token of the newest sign-in mail to `email`, read from the outbox. */
async function mailedToken(email: string): Promise<string | null> {
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return mail?.text.match(/\/giving\/sign-in\?token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
}

async function continueWith(token: string) {
  return settle(continueAction(routeArgs(post("/giving/sign-in", { token }))));
}

/** Signs `email` in through the whole link flow; returns the donor's Cookie header. */
async function signIn(email: string): Promise<string> {
  expect(await ask(email)).toBe(302);
  const token = (await mailedToken(email))!;
  const { status, body } = await continueWith(token);
  expect(status).toBe(302);
  const setCookie = (body as Response).headers.getSetCookie().find((c) => c.startsWith("donor_"));
  return setCookie!.split(";")[0];
}

async function insertGift(fields: Partial<typeof donations.$inferInsert> & { donorEmail: string }) {
  const [row] = await db()
    .insert(donations)
    .values({ amount: 2500, status: "succeeded", succeededAt: new Date(), ...fields })
    .returning();
  return row;
}

async function pdfText(response: Response): Promise<string> {
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const pdf = await getDocument({ data: new Uint8Array(await response.arrayBuffer()) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

async function status(pending: Promise<unknown>) {
  return (await settle(pending)).status;
}

describe("signing in", () => {
  test("a known address gets a link; the GET shows Continue and changes nothing; the POST signs in once", async () => {
    const email = newAddress();
    await insertGift({ donorEmail: email });
    expect(await ask(email)).toBe(302);
    const token = (await mailedToken(email))!;
    expect(token).toBeTruthy();
    const [link] = await db()
      .select()
      .from(donorSignInLinks)
      .where(eq(donorSignInLinks.email, email));
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(30 * 60_000);
    expect(link.tokenHash).not.toContain(token);

    // A mail scanner's GET, twice: the page offers Continue and signs no one in.
    for (let i = 0; i < 2; i++) {
      const page = await continueLoader(routeArgs(getRequest(`/giving/sign-in?token=${token}`)));
      expect(page).toMatchObject({ token, problem: null });
    }
    expect(await db().select().from(donorSessions)).toHaveLength(0);
    const [unused] = await db()
      .select()
      .from(donorSignInLinks)
      .where(eq(donorSignInLinks.email, email));
    expect(unused.usedAt).toBeNull();

    const first = await continueWith(token);
    expect(first.status).toBe(302);
    const cookie = (first.body as Response).headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/donor_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000/);
    const again = await continueWith(token);
    expect(again).toMatchObject({ status: 400, body: { problem: "used" } });
    expect(await db().select().from(donorSessions)).toHaveLength(1);
  });

  test("an expired, altered or unknown link signs no one in", async () => {
    const email = newAddress();
    await insertGift({ donorEmail: email });
    await ask(email);
    const token = (await mailedToken(email))!;
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await continueWith(altered)).toMatchObject({
      status: 400,
      body: { problem: "invalid" },
    });
    expect(await continueWith("nonsense")).toMatchObject({
      status: 400,
      body: { problem: "invalid" },
    });
    // Thirty minutes and a second later.
    await db()
      .update(donorSignInLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(donorSignInLinks.email, email));
    expect(await continueWith(token)).toMatchObject({ status: 400, body: { problem: "expired" } });
    expect(await db().select().from(donorSessions)).toHaveLength(0);
  });

  test("an unknown address gets the same answer and no mail", async () => {
    const known = newAddress();
    const unknown = newAddress();
    await insertGift({ donorEmail: known });
    const answers = await Promise.all([ask(known), ask(unknown)]);
    expect(answers).toEqual([302, 302]);
    expect(await mailedToken(known)).toBeTruthy();
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, unknown))).toHaveLength(0);
    expect(await ask("not an address")).toBe(400);
  });

  test("requests are limited per address and per client", async () => {
    const email = newAddress();
    await insertGift({ donorEmail: email });
    expect([await ask(email), await ask(email), await ask(email)]).toEqual([302, 302, 302]);
    expect(await ask(email)).toBe(429);
    expect(await ask(email.toUpperCase())).toBe(429);
    const client = nextClientIp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push(await ask(newAddress(), client));
    expect(answers.slice(0, 10).every((answer) => answer === 302)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  test("a donor session opens no dashboard page; signing out everywhere ends every session", async () => {
    const email = newAddress();
    const gift = await insertGift({ donorEmail: email });
    const first = await signIn(email);
    const second = await signIn(email);
    const dashboard = await settle(
      detailLoader(routeArgs(getRequest(`/admin/donations/${gift.id}`, first), { id: gift.id })),
    );
    expect(dashboard.status).toBe(302);
    expect((dashboard.body as Response).headers.get("Location")).toBe("/login");

    const out = await settle(
      signOutAction(
        routeArgs(
          formRequest("/giving/sign-out", { everywhere: "1" }, { headers: { Cookie: first } }),
        ),
      ),
    );
    expect(out.status).toBe(302);
    expect((out.body as Response).headers.get("Set-Cookie")).toContain("Max-Age=0");
    for (const cookie of [first, second]) {
      const page = await settle(givingLoader(routeArgs(getRequest("/giving", cookie))));
      expect((page.body as Response).headers.get("Location")).toBe("/create-account");
    }
  });

  test("a staff session is no donor session", async () => {
    const { cookie } = await createUserSession("admin");
    const page = await settle(givingLoader(routeArgs(getRequest("/es/giving", cookie))));
    expect((page.body as Response).headers.get("Location")).toBe("/es/create-account");
  });
});

describe("what a donor sees", () => {
  test("every gift across kinds, newest first, with fundraisers, dedications, refunds and shifts", async () => {
    const email = newAddress();
    const [page] = await db()
      .insert(fundraisers)
      .values({
        slug: `run-${addresses}`,
        title: "Maya's 5K",
        story: "A run.",
        ownerName: "Maya",
        ownerEmail: "maya@example.org",
        goalCents: 100000,
        status: "approved",
      } as typeof fundraisers.$inferInsert)
      .returning();
    const [monthly] = await db()
      .insert(monthlyGifts)
      .values({
        subscriptionReference: `sub_${addresses}`,
        donorEmail: email,
        amount: 1500,
        status: "active",
      })
      .returning();
    const base = Date.now() - 10 * 86_400_000;
    const at = (days: number) => new Date(base + days * 86_400_000);
    const once = await insertGift({ donorEmail: email, createdAt: at(1), succeededAt: at(1) });
    const month = await insertGift({
      donorEmail: email,
      amount: 1500,
      isMonthly: true,
      monthlyGiftId: monthly.id,
      createdAt: at(2),
      succeededAt: at(2),
    });
    const onPage = await insertGift({
      donorEmail: email,
      fundraiserId: page.id,
      createdAt: at(3),
      succeededAt: at(3),
    });
    const tribute = await insertGift({ donorEmail: email, createdAt: at(4), succeededAt: at(4) });
    await db().insert(giftDedications).values({
      donationId: tribute.id,
      kind: "memory",
      honoree: "<b>Abuela</b> Rosa",
      recipientName: "Carmen",
      recipientEmail: "carmen@example.org",
      cardLanguage: "es",
      cardStatus: "sent",
    });
    const refunded = await insertGift({
      donorEmail: email,
      status: "refunded",
      refundedAmount: 2500,
      createdAt: at(5),
      succeededAt: at(5),
    });
    await insertGift({ donorEmail: email, status: "pending", createdAt: at(6), succeededAt: null });
    await insertGift({ donorEmail: newAddress(), createdAt: at(7) });
    const [ownPage] = await db()
      .insert(fundraisers)
      .values({
        slug: `own-${addresses}`,
        title: "Mai's birthday",
        story: "A birthday.",
        ownerName: "Mai",
        ownerEmail: email,
        goalCents: 50000,
        status: "approved",
      } as typeof fundraisers.$inferInsert)
      .returning();
    const shift = await insertShift({ titleEn: "Kitchen", titleEs: "Cocina" });
    const [signup] = await db()
      .insert(shiftSignups)
      .values({
        shiftId: shift.id,
        name: "Mai",
        email,
        adult: true,
        requirementsAcknowledged: true,
        status: "seated",
        position: 1,
      })
      .returning();

    const cookie = await signIn(email);
    const data = (await givingLoader(routeArgs(getRequest("/giving", cookie)))) as Exclude<
      Awaited<ReturnType<typeof givingLoader>>,
      Response
    >;
    expect(data.gifts.map((gift) => gift.id)).toEqual([
      refunded.id,
      tribute.id,
      onPage.id,
      month.id,
      once.id,
    ]);
    expect(data.gifts.find((gift) => gift.id === onPage.id)?.fundraiser).toBe("Maya's 5K");
    expect(data.gifts.find((gift) => gift.id === tribute.id)?.dedication).toMatchObject({
      kind: "memory",
      honoree: "<b>Abuela</b> Rosa",
      cardStatus: "sent",
    });
    expect(data.gifts.find((gift) => gift.id === refunded.id)).toMatchObject({
      status: "refunded",
      refundedAmount: 2500,
    });
    expect(data.fundraisers).toEqual([
      expect.objectContaining({ id: ownPage.id, title: "Mai's birthday" }),
    ]);
    expect(data.fundraisers[0].path).toMatch(/^\/fundraise\/manage\?token=/);
    expect(data.signups).toEqual([expect.objectContaining({ id: signup.id, title: "Kitchen" })]);
    expect(data.signups[0].path).toMatch(/^\/volunteer\/signup\?token=/);
    expect(data.monthly).toMatchObject([
      { id: monthly.id, amount: 1500, status: "active", pausedUntil: null },
    ]);
  });

  test("the statement follows Houston's year: a gift at 8 pm on December 31 is that year's", async () => {
    const email = newAddress();
    await insertGift({
      donorEmail: email,
      donorName: "Nguyễn Mai",
      amount: 12300,
      succeededAt: fromHoustonLocal("2025-12-31T20:00")!,
    });
    await insertGift({
      donorEmail: email,
      donorName: "Nguyễn Mai",
      amount: 4500,
      succeededAt: fromHoustonLocal("2026-01-01T00:30")!,
    });
    const cookie = await signIn(email);
    const data = (await givingLoader(routeArgs(getRequest("/giving", cookie)))) as {
      years: number[];
    };
    expect(data.years).toEqual([2026, 2025]);

    const year2025 = await pdfText(
      (await statementLoader(
        routeArgs(getRequest("/giving/statement/2025", cookie), { year: "2025" }),
      )) as Response,
    );
    expect(year2025).toContain("Nguyễn Mai");
    expect(year2025).toContain("$123.00");
    expect(year2025).not.toContain("$45.00");
    expect(year2025).toContain("December 31, 2025");
    expect(year2025).toContain("No goods or services were provided");
    expect(year2025).toMatch(/EIN/);

    const spanish = await pdfText(
      (await statementLoader(
        routeArgs(getRequest("/es/giving/statement/2026", cookie), { year: "2026" }),
      )) as Response,
    );
    expect(spanish).toContain("$45.00");
    expect(spanish).not.toContain("$123.00");
    expect(spanish).toContain("1 de enero de 2026");
  });

  test("a receipt PDF prints names and dedications as text; another donor's answers 404", async () => {
    const ana = newAddress();
    const ben = newAddress();
    const gift = await insertGift({
      donorEmail: ana,
      donorName: "Nguyễn <script>x</script>",
      amount: 5000,
    });
    await db()
      .insert(giftDedications)
      .values({ donationId: gift.id, kind: "honor", honoree: "<i>Tía</i> Lupe" });
    const anaCookie = await signIn(ana);
    const text = await pdfText(
      (await receiptLoader(
        routeArgs(getRequest(`/giving/receipts/${gift.id}`, anaCookie), { id: gift.id }),
      )) as Response,
    );
    expect(text).toContain("Nguyễn <script>x</script>");
    expect(text).toContain("<i>Tía</i> Lupe");
    expect(text).toContain("$50.00");

    await insertGift({ donorEmail: ben });
    const benCookie = await signIn(ben);
    const other = await settle(
      receiptLoader(
        routeArgs(getRequest(`/giving/receipts/${gift.id}`, benCookie), { id: gift.id }),
      ),
    );
    expect(other.status).toBe(404);
    const [monthly] = await db()
      .insert(monthlyGifts)
      .values({
        subscriptionReference: `sub_x${addresses}`,
        donorEmail: ana,
        amount: 1000,
        status: "active",
      })
      .returning();
    expect(
      await status(
        monthlyLoader(
          routeArgs(getRequest(`/giving/monthly/${monthly.id}`, benCookie), { id: monthly.id }),
        ),
      ),
    ).toBe(404);
    expect(
      await status(
        monthlyAction(
          routeArgs(
            formRequest(
              `/giving/monthly/${monthly.id}`,
              { intent: "cancel" },
              { headers: { Cookie: benCookie } },
            ),
            {
              id: monthly.id,
            },
          ),
        ),
      ),
    ).toBe(404);
    const [still] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, monthly.id));
    expect(still.status).toBe("active");
  });
});

describe("a monthly gift in test payment mode", () => {
  test("the test card form, the amount and the end, each confirmed by mail and in the history", async () => {
    const email = newAddress();
    const [monthly] = await db()
      .insert(monthlyGifts)
      .values({
        subscriptionReference: `sub_test_${addresses}`,
        donorEmail: email,
        amount: 2000,
        status: "active",
      })
      .returning();
    await insertGift({ donorEmail: email, isMonthly: true, monthlyGiftId: monthly.id });
    const cookie = await signIn(email);
    const send = (fields: Record<string, string>) =>
      settle(
        monthlyAction(
          routeArgs(
            formRequest(`/giving/monthly/${monthly.id}`, fields, { headers: { Cookie: cookie } }),
            { id: monthly.id },
          ),
        ),
      );
    const card = { intent: "test-card", expiry: "12/34", cvc: "123" };
    expect(await send({ ...card, cardNumber: "4000 0000 0000 0002" })).toMatchObject({
      status: 400,
      body: { error: "The card was declined. Please try another card." },
    });
    expect((await send({ ...card, cardNumber: "4242 4242 4242 4242" })).status).toBe(302);
    expect((await send({ intent: "amount", amount: "0" })).status).toBe(400);
    expect((await send({ intent: "amount", amount: "35" })).status).toBe(302);
    expect((await send({ intent: "nonsense" })).status).toBe(400);
    expect((await send({ intent: "cancel" })).status).toBe(302);

    const [ended] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, monthly.id));
    expect(ended).toMatchObject({ status: "canceled", amount: 3500 });
    const history = await db()
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.monthlyGiftId, monthly.id));
    expect(history.map((row) => row.type)).toEqual(
      expect.arrayContaining(["donor.card_changed", "donor.amount_changed", "donor.canceled"]),
    );
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "giving-change"));
    expect(mails.map((mail) => mail.to)).toEqual([email, email, email]);
    expect(mails.map((mail) => mail.text).join("\n")).toContain("$35.00");
    // An ended gift has no page left to change.
    expect(
      await status(
        monthlyLoader(
          routeArgs(getRequest(`/giving/monthly/${monthly.id}`, cookie), { id: monthly.id }),
        ),
      ),
    ).toBe(404);
  });
});

describe("a monthly gift with Stripe", () => {
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await startStripeFake();
    fake.configure();
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
    for (const key of [...Object.keys(FAKE_KEYS), "STRIPE_API_URL"]) delete process.env[key];
    resetEnvForTests();
    resetStripeClientForTests();
  });

  async function activeMonthly(email: string) {
    const { status, body } = await settle(
      donateAction(
        routeArgs(
          post("/donate", {
            panel: "full",
            frequency: "monthly",
            preset: "",
            customAmount: "40",
            donorName: "Ana Ruiz",
            donorEmail: email,
          }),
        ),
      ),
    );
    expect(status).toBe(302);
    const id = new URL((body as Response).headers.get("Location")!, "http://x").pathname
      .split("/")
      .pop()!;
    const [row] = await db().select().from(donations).where(eq(donations.id, id));
    fake.confirmPayment(row.paymentIntentId!);
    const event = fake.event("invoice.paid", fake.invoice(row.paymentReference!));
    await webhookAction(routeArgs(webhookRequest(event)));
    const [monthly] = await db()
      .select()
      .from(monthlyGifts)
      .where(eq(monthlyGifts.id, row.monthlyGiftId!));
    expect(monthly.status).toBe("active");
    return { monthly, firstGift: row };
  }

  const monthlyPost = (giftId: string, fields: Record<string, string>, cookie: string) =>
    settle(
      monthlyAction(
        routeArgs(
          formRequest(`/giving/monthly/${giftId}`, fields, { headers: { Cookie: cookie } }),
          {
            id: giftId,
          },
        ),
      ),
    );

  test("a new card is set on the subscription itself, confirmed by mail and shown to staff", async () => {
    const email = newAddress();
    const { monthly, firstGift } = await activeMonthly(email);
    const cookie = await signIn(email);
    const page = (await monthlyLoader(
      routeArgs(getRequest(`/giving/monthly/${monthly.id}?card=new`, cookie), { id: monthly.id }),
    )) as { stripe: { clientSecret: string } };
    const [setup] = fake.setupIntents();
    expect(page.stripe.clientSecret).toBe(setup.client_secret);
    expect(setup).toMatchObject({
      customer: monthly.customerReference,
      metadata: { monthly_gift_id: monthly.id },
    });

    const method = fake.confirmSetupIntent(setup.id);
    const back = await settle(
      monthlyLoader(
        routeArgs(
          getRequest(
            `/giving/monthly/${monthly.id}?setup_intent=${setup.id}&redirect_status=succeeded`,
            cookie,
          ),
          { id: monthly.id },
        ),
      ),
    );
    expect(back.status).toBe(302);
    expect(fake.subscription(monthly.subscriptionReference).default_payment_method).toBe(method);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "giving-change"));
    expect(mail).toMatchObject({ to: email });
    expect(mail.text).toContain("new card");

    const { cookie: staff } = await createUserSession("finance");
    const detail = (await detailLoader(
      routeArgs(getRequest(`/admin/donations/${firstGift.id}`, staff), { id: firstGift.id }),
    )) as unknown as { events: { type: string }[] };
    expect(JSON.stringify(detail)).toContain("donor.card_changed");

    // Another donor's SetupIntent never sets this gift's card.
    const other = newAddress();
    const { monthly: theirs } = await activeMonthly(other);
    fake.requests.splice(0);
    await monthlyLoader(
      routeArgs(getRequest(`/giving/monthly/${theirs.id}?card=new`, await signIn(other)), {
        id: theirs.id,
      }),
    );
    const theirSetup = fake
      .setupIntents()
      .find((intent) => intent.customer === theirs.customerReference)!;
    fake.confirmSetupIntent(theirSetup.id);
    await settle(
      monthlyLoader(
        routeArgs(
          getRequest(`/giving/monthly/${monthly.id}?setup_intent=${theirSetup.id}`, cookie),
          { id: monthly.id },
        ),
      ),
    );
    expect(fake.subscription(monthly.subscriptionReference).default_payment_method).toBe(method);
  });

  test("a pause of one to three months pauses collection, and resumes early", async () => {
    const email = newAddress();
    const { monthly } = await activeMonthly(email);
    const cookie = await signIn(email);
    expect((await monthlyPost(monthly.id, { intent: "pause", months: "4" }, cookie)).status).toBe(
      400,
    );
    expect(fake.subscription(monthly.subscriptionReference).pause_collection).toBeNull();

    const before = Date.now();
    expect((await monthlyPost(monthly.id, { intent: "pause", months: "2" }, cookie)).status).toBe(
      302,
    );
    const pause = fake.subscription(monthly.subscriptionReference).pause_collection as {
      behavior: string;
      resumes_at: number;
    };
    expect(pause.behavior).toBe("void");
    const days = (pause.resumes_at * 1000 - before) / 86_400_000;
    expect(days).toBeGreaterThan(58);
    expect(days).toBeLessThan(63);
    const data = (await givingLoader(routeArgs(getRequest("/giving", cookie)))) as {
      monthly: { pausedUntil: Date | null }[];
    };
    expect(data.monthly[0].pausedUntil?.getTime()).toBe(pause.resumes_at * 1000);

    expect((await monthlyPost(monthly.id, { intent: "resume" }, cookie)).status).toBe(302);
    expect(fake.subscription(monthly.subscriptionReference).pause_collection).toBeNull();
    const history = await db()
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.monthlyGiftId, monthly.id));
    expect(history.map((row) => row.type)).toEqual(
      expect.arrayContaining(["donor.paused", "donor.resumed"]),
    );
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "giving-change"));
    expect(mails).toHaveLength(2);
  });
});
