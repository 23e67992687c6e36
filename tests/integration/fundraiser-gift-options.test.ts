/**
 * A gift's choices on a fundraiser page (docs/decisions/224-fundraiser-gift-options.md): the donor
 * lets the honour roll show the amount (each month of a monthly gift too) and may leave the owner
 * a message, which the owner's gift e-mail carries as text; bad messages are refused, and a gift
 * that goes to the general fund keeps neither.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { donations, fundraisers, mailOutbox, monthlyGifts } from "#app/db/schema";
import { applyPaymentEvent } from "#app/features/donations/events.server";
import { publicFundraiser } from "#app/features/fundraisers/public-pages.server";
import { action as donateAction } from "#app/site/routes/donate";
import { altchaProof, formRequest, routeArgs } from "#tests/utils";
import { fieldErrors, settle } from "./admin-helpers";
import { give, pageIn } from "./fundraiser-helpers";
import { nextClientIp } from "./public-forms";

const giftMails = async () =>
  (await db().select().from(mailOutbox)).filter((mail) => mail.kind === "fundraiser-gift");

describe("a gift's choices on a fundraiser page", () => {
  test("the honour roll shows an amount only where the donor allowed it; the owner reads the message as text", async () => {
    const page = await pageIn("approved");
    const message = "Happy birthday! <b>Run fast</b>\nSee you at the finish.";
    await give(page.slug, {
      donorName: "Shown Amount",
      preset: "25",
      showAmount: "on",
      giftMessage: message,
    });
    await give(page.slug, { donorName: "Quiet Giver" });
    await give(page.slug, {
      donorName: "Hidden Person",
      anonymous: "on",
      showAmount: "on",
      preset: "100",
    });
    const shown = await publicFundraiser(page.slug);
    expect(shown?.donors).toEqual([
      { name: null, amountCents: 10_000 },
      { name: "Quiet Giver", amountCents: null },
      { name: "Shown Amount", amountCents: 2500 },
    ]);
    const mails = await giftMails();
    const withMessage = mails.find((mail) => mail.text.includes("Shown Amount gave"));
    expect(withMessage?.text).toContain(`Message from Shown Amount:\n${message}`);
    expect(mails.filter((mail) => mail.text.includes("Message from"))).toHaveLength(1);
  });

  test("each month of a monthly gift shows its amount when the donor allowed it", async () => {
    const page = await pageIn("approved");
    await give(page.slug, { frequency: "monthly", showAmount: "on", preset: "25" });
    const [gift] = await db().select().from(monthlyGifts);
    expect(gift.showAmount).toBe(true);
    await applyPaymentEvent({
      id: "evt_second_month",
      type: "invoice.paid",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "in_second_month",
          amount_paid: 2500,
          parent: { subscription_details: { subscription: gift.subscriptionReference } },
        },
      },
    });
    expect((await publicFundraiser(page.slug))?.donors.map((donor) => donor.amountCents)).toEqual([
      2500, 2500,
    ]);
  });

  test("a gift that goes to the general fund keeps neither choice", async () => {
    const page = await pageIn("paused");
    const { row } = await give(page.slug, { showAmount: "on", giftMessage: "For the page" });
    expect(row).toMatchObject({ fundraiserId: null, showAmount: false, giftMessage: null });
    expect(await giftMails()).toHaveLength(0);
  });

  test.each([
    ["too long", "x".repeat(501), "Please use at most 500 characters."],
    ["with control characters", "Hi\u0007there", "Please write your message as plain text."],
  ])("a message %s is refused and starts no gift", async (_name, giftMessage, error) => {
    const page = await pageIn("approved");
    const { status, body } = await settle(
      donateAction(
        routeArgs(
          formRequest(
            `/donate?fundraiser=${page.slug}`,
            {
              panel: "full",
              frequency: "once",
              preset: "50",
              donorName: "Ana Donor",
              donorEmail: "ana@example.org",
              altcha: await altchaProof(),
              fundraiser: page.slug,
              giftMessage,
            },
            { clientIp: nextClientIp() },
          ),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(fieldErrors(body).giftMessage).toEqual([error]);
    expect(await db().select().from(donations)).toHaveLength(0);
    expect((await db().select().from(fundraisers).where(eq(fundraisers.id, page.id))).length).toBe(
      1,
    );
  });
});
