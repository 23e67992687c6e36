/**
 * The Fundraisers tab's staff tools (docs/decisions/225-fundraiser-staff-tools.md): editors and
 * admins correct a page's text; finance and admins move a gift to another page or to the general
 * fund with a logged note, which moves raised between pages and leaves the dashboard's totals;
 * the Donations tab and donations.csv name the page a gift was given on. Role checks and bad input.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { db } from "#app/db/client.server";
import { donations, fundraiserGiftMoves } from "#app/db/schema";
import { donationTotals } from "#app/features/donations/admin/donations.server";
import { loader as donationsTabLoader } from "#app/features/donations/admin/donations-tab";
import * as tabRoute from "#app/features/fundraisers/admin/fundraisers-tab";
import { publicFundraiser } from "#app/features/fundraisers/public-pages.server";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest, settle, type Visitor } from "./admin-helpers";
import { pageBySlug, pageIn } from "./fundraiser-helpers";

async function post(visitor: Visitor, fields: Record<string, string>) {
  const cookie = visitor === "anonymous" ? undefined : (await createUserSession(visitor)).cookie;
  return settle(tabRoute.action(routeArgs(postRequest("/admin/fundraisers", fields, cookie))));
}

async function giftOn(fundraiserId: string | null, amount = 4000) {
  const [row] = await db()
    .insert(donations)
    .values({
      donorName: "Moved Giver",
      donorEmail: "moved@example.org",
      amount,
      status: "succeeded",
      succeededAt: new Date(),
      fundraiserId,
    })
    .returning();
  return row;
}

describe("staff edit a page's text", () => {
  const TEXT = { title: "A corrected title", story: "A corrected story, long enough to keep." };

  test("editors and admins save a page's title and story; the page shows them at once", async () => {
    const page = await pageIn("approved");
    const { body } = await post("editor", { intent: "edit-text", id: page.id, ...TEXT });
    expect((await toastOf(body as Response))?.title).toBe(
      "Fundraiser text saved: the page shows it now",
    );
    expect(await publicFundraiser(page.slug)).toMatchObject({
      title: TEXT.title,
      paragraphs: [TEXT.story],
    });
    await post("admin", { intent: "edit-text", id: page.id, ...TEXT, title: "By an admin" });
    expect((await pageBySlug(page.slug)).title).toBe("By an admin");
  });

  test("finance, users and anonymous visitors cannot; bad text is refused and changes nothing", async () => {
    const page = await pageIn("approved");
    for (const visitor of ["finance", "user", "anonymous"] as const) {
      const { status } = await post(visitor, { intent: "edit-text", id: page.id, ...TEXT });
      expect([302, 403], visitor).toContain(status);
    }
    for (const bad of [
      { title: "" },
      { title: "x".repeat(121) },
      { title: "Line\u0007bell" },
      { story: "Too short" },
      { story: "x".repeat(5001) },
      { id: "not-an-id" },
    ]) {
      const { body } = await post("editor", { intent: "edit-text", id: page.id, ...TEXT, ...bad });
      expect((await toastOf(body as Response))?.type, JSON.stringify(bad).slice(0, 40)).toBe(
        "error",
      );
    }
    expect(await pageBySlug(page.slug)).toMatchObject({ title: page.title, story: page.story });
  });
});

describe("finance moves a gift", () => {
  test("to another page and to the general fund: raised moves, the totals do not, the note is logged", async () => {
    const from = await pageIn("approved", "from-page");
    const to = await pageIn("closed", "to-page");
    const gift = await giftOn(from.id);
    await giftOn(null, 1000);
    const totals = await donationTotals();
    const { cookie, user } = await createUserSession("finance");
    const loaded = await settle(
      tabRoute.loader(routeArgs(getRequest("/admin/fundraisers", cookie))),
    );
    const { giftMoves } = loaded.body as {
      giftMoves: { gifts: Record<string, { id: string; label: string }[]> };
    };
    expect(giftMoves.gifts[from.id].map((row) => row.id)).toEqual([gift.id]);

    const moved = await settle(
      tabRoute.action(
        routeArgs(
          postRequest(
            "/admin/fundraisers",
            { intent: "move-gift", donation: gift.id, to: to.id, note: "Given for Dana's run" },
            cookie,
          ),
        ),
      ),
    );
    expect((await toastOf(moved.body as Response))?.title).toBe("Gift moved; the note is logged");
    expect((await publicFundraiser(from.slug))?.raisedCents).toBe(0);
    expect((await publicFundraiser(to.slug))?.raisedCents).toBe(4000);
    expect(await donationTotals()).toEqual(totals);

    await post("admin", { intent: "move-gift", donation: gift.id, to: "general", note: "Refiled" });
    expect((await publicFundraiser(to.slug))?.raisedCents).toBe(0);
    expect(await donationTotals()).toEqual(totals);
    const log = await db()
      .select()
      .from(fundraiserGiftMoves)
      .orderBy(fundraiserGiftMoves.createdAt);
    expect(log.map((move) => [move.fromFundraiserId, move.toFundraiserId, move.note])).toEqual([
      [from.id, to.id, "Given for Dana's run"],
      [to.id, null, "Refiled"],
    ]);
    expect(log[0].movedBy).toBe(user.id);
  });

  test("editors, users and anonymous visitors cannot move a gift", async () => {
    const from = await pageIn("approved", "from-page");
    const to = await pageIn("approved", "to-page");
    const gift = await giftOn(from.id);
    for (const visitor of ["editor", "user", "anonymous"] as const) {
      const { status } = await post(visitor, {
        intent: "move-gift",
        donation: gift.id,
        to: to.id,
        note: "No",
      });
      expect([302, 403], visitor).toContain(status);
    }
    const [row] = await db().select().from(donations).where(eq(donations.id, gift.id));
    expect(row.fundraiserId).toBe(from.id);
    expect(await db().select().from(fundraiserGiftMoves)).toHaveLength(0);
  });

  test("each bad move is refused with a message and changes nothing", async () => {
    const from = await pageIn("approved", "from-page");
    const pending = await pageIn("pending", "pending-page");
    const gift = await giftOn(from.id);
    const general = await giftOn(null);
    const move = { intent: "move-gift", donation: gift.id, to: "general", note: "Because" };
    for (const [bad, message] of [
      [{ note: " " }, "Choose where the gift goes and write a note (at most 500 characters)"],
      [
        { note: "x".repeat(501) },
        "Choose where the gift goes and write a note (at most 500 characters)",
      ],
      [{ to: "somewhere" }, "Choose where the gift goes and write a note (at most 500 characters)"],
      [{ to: pending.id }, "Choose a fundraiser page the public sees, or the general fund"],
      [
        { to: crypto.randomUUID() },
        "Choose a fundraiser page the public sees, or the general fund",
      ],
      [{ to: from.id }, "The gift is already on that page"],
      [{ donation: general.id }, "That gift is not on a fundraiser page"],
      [{ donation: crypto.randomUUID() }, "That gift is not on a fundraiser page"],
    ] as const) {
      const { body } = await post("finance", { ...move, ...bad });
      expect((await toastOf(body as Response))?.title, JSON.stringify(bad).slice(0, 50)).toBe(
        message,
      );
    }
    const [row] = await db().select().from(donations).where(eq(donations.id, gift.id));
    expect(row.fundraiserId).toBe(from.id);
    expect(await db().select().from(fundraiserGiftMoves)).toHaveLength(0);
  });
});

describe("the Donations tab and donations.csv name the fundraiser", () => {
  test("a gift on a page shows its title; a general-fund gift does not", async () => {
    const page = await pageIn("approved");
    await giftOn(page.id);
    await giftOn(null, 1000);
    const { cookie } = await createUserSession("finance");
    const loaded = await settle(
      donationsTabLoader(routeArgs(getRequest("/admin/donations", cookie))),
    );
    const rows = (loaded.body as { list: { rows: { amount: string; fundraiser: string }[] } }).list
      .rows;
    expect(rows.map((row) => [row.amount, row.fundraiser]).sort()).toEqual([
      ["$10.00", ""],
      ["$40.00", page.title],
    ]);
    const csv = await settle(
      exportLoader(
        routeArgs(getRequest("/admin/export/donations.csv", cookie), { file: "donations.csv" }),
      ),
    );
    const table: string[][] = parse(await (csv.body as Response).text(), { bom: true });
    // After Language, before the dedication's columns (tests/integration/admin-donations.test.ts).
    const column = table[0].indexOf("Fundraiser");
    expect(table[0][column - 1]).toBe("Language");
    expect(
      table
        .slice(1)
        .map((row) => [row[2], row[column]])
        .sort(),
    ).toEqual([
      ["$10.00", ""],
      ["$40.00", page.title],
    ]);
  });
});
