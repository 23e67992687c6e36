/**
 * The owner's signed management link (docs/decisions/222-fundraiser-owner-link.md) and end dates
 * closing pages (docs/decisions/223-fundraiser-end-dates.md): the link in the owner's e-mails,
 * its scope (one page, no other; forged, expired or other purposes' tokens open nothing), edits
 * with staff review of a public page's story, pausing, reopening and closing, the gifts the owner
 * sees, thank-you e-mails through the outbox with their limits, and each bad input.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { donations, fundraisers, mailOutbox } from "#app/db/schema";
import { manageToken } from "#app/features/donations/manage-link.server";
import * as tabRoute from "#app/features/fundraisers/admin/fundraisers-tab";
import { onFundraisersChange } from "#app/features/fundraisers/changes.server";
import { closeEndedFundraisers } from "#app/features/fundraisers/end-dates.server";
import { fundraiserForGift } from "#app/features/fundraisers/gifts.server";
import { confirmToken } from "#app/features/fundraisers/mails.server";
import { ownerToken } from "#app/features/fundraisers/owner-link.server";
import { publicFundraiser } from "#app/features/fundraisers/public-pages.server";
import { action as confirmAction } from "#app/features/fundraisers/routes/confirm";
import {
  action as manageAction,
  loader as manageLoader,
} from "#app/features/fundraisers/routes/manage";
import { fromHoustonLocal, houstonToday } from "#app/lib/houston-calendar";
import { createUserSession } from "#tests/auth-utils";
import { formRequest, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle } from "./admin-helpers";
import { give, pageBySlug, pageIn } from "./fundraiser-helpers";
import { nextClientIp } from "./public-forms";

const mails = () => db().select().from(mailOutbox);

function isoDay(offsetDays: number, from = new Date()) {
  const date = new Date(`${houstonToday(from)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

async function open(token: string, path = "/fundraise/manage") {
  return settle(manageLoader(routeArgs(getRequest(`${path}?token=${encodeURIComponent(token)}`))));
}

type Owner = {
  owner: {
    title: string;
    status: string;
    edit: { story: string; pendingStory: string | null; goalCents: number };
    gifts: { id: string; name: string | null; amountCents: number; thanked: boolean }[];
  } | null;
};

/** A post of the management page, as a browser sends it; `gift` may repeat. */
function ownerPost(fields: Record<string, string | string[]>, clientIp = nextClientIp()) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const request = new Request("http://localhost:3000/fundraise/manage", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": clientIp },
    body,
  });
  return settle(manageAction(routeArgs(request)));
}

const EDIT = {
  intent: "edit",
  story: "A new story for my run, longer than twenty characters.",
  goal: "2,000",
  endDate: "",
};

describe("the owner's link in e-mails", () => {
  test("the confirmation and approval e-mails carry the page's management link", async () => {
    const draft = await pageIn("draft");
    await settle(
      confirmAction(
        routeArgs(formRequest("/fundraise/confirm", { token: confirmToken(draft.id) })),
      ),
    );
    const submitted = (await mails()).find((mail) => mail.kind === "fundraiser-submitted");
    const link = submitted?.text.match(/\/fundraise\/manage\?token=(\S+)/);
    expect(link, submitted?.text).not.toBeNull();
    const opened = await open(decodeURIComponent(link![1]));
    expect(opened.status).toBe(200);
    expect((opened.body as Owner).owner).toMatchObject({ title: draft.title, status: "pending" });

    const { cookie } = await createUserSession("editor");
    const body = new URLSearchParams({ intent: "approve", id: draft.id });
    for (let i = 0; i < 3; i++) body.append("guideline", "on");
    await settle(
      tabRoute.action(
        routeArgs(
          new Request("http://localhost:3000/admin/fundraisers", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
            body,
          }),
        ),
      ),
    );
    const approved = (await mails()).find((mail) => mail.kind === "fundraiser-approved");
    expect(approved?.text).toContain("/fundraise/manage?token=");
    // The owner's mails tell them to keep the link private; the public page never shows it.
    expect(approved?.text).toContain("do not share it");
  });
});

describe("the link's scope", () => {
  test("one page's link opens and changes that page only", async () => {
    const mine = await pageIn("approved", "mine");
    const other = await pageIn("approved", "other");
    expect(((await open(ownerToken(mine.id))).body as Owner).owner?.title).toBe(mine.title);
    const { status } = await ownerPost({
      intent: "pause",
      token: ownerToken(mine.id),
      id: other.id,
    });
    expect(status).toBe(302);
    expect((await pageBySlug("mine")).status).toBe("paused");
    expect((await pageBySlug("other")).status).toBe("approved");
  });

  test("forged, expired, other purposes' tokens and a draft's link open nothing and change nothing", async () => {
    const page = await pageIn("approved");
    const draft = await pageIn("draft");
    const expired = ownerToken(page.id, new Date(Date.now() - 401 * 86_400_000));
    for (const token of [
      "",
      "forged.token",
      `${Buffer.from(`${page.id}|9999999999`).toString("base64url")}.AAAA`,
      confirmToken(page.id),
      manageToken("sam@example.org"),
      expired,
      ownerToken(draft.id),
      "x".repeat(5000),
    ]) {
      const opened = await open(token);
      expect(opened.status, token).toBe(404);
      expect((opened.body as Owner).owner).toBeNull();
      const posted = await ownerPost({ intent: "close", token });
      expect(posted.status, token).toBe(404);
    }
    expect((await pageBySlug(page.slug)).status).toBe("approved");
  });

  test("the Spanish address opens the same page and answers in Spanish", async () => {
    const page = await pageIn("approved");
    const token = ownerToken(page.id);
    expect((await open(token, "/es/fundraise/manage")).status).toBe(200);
    const request = formRequest("/es/fundraise/manage", { intent: "pause", token });
    const response = (await manageAction(routeArgs(request))) as Response;
    expect(response.headers.get("Location")).toBe(
      `/es/fundraise/manage?token=${encodeURIComponent(token)}`,
    );
    expect((await toastOf(response))?.title).toBe("Tu recaudación está en pausa");
  });
});

describe("editing the page", () => {
  test("a pending page's story, goal and end date change at once", async () => {
    const page = await pageIn("pending");
    const end = isoDay(30);
    const { status, body } = await ownerPost({ ...EDIT, endDate: end, token: ownerToken(page.id) });
    expect(status).toBe(302);
    expect((await toastOf(body as Response))?.title).toBe("Your changes are saved");
    expect(await pageBySlug(page.slug)).toMatchObject({
      story: EDIT.story,
      pendingStory: null,
      goalCents: 200_000,
      endDate: end,
    });
  });

  test("a live page's new story waits for staff while the page keeps its approved story", async () => {
    const page = await pageIn("approved");
    const token = ownerToken(page.id);
    const { body } = await ownerPost({ ...EDIT, token });
    expect((await toastOf(body as Response))?.title).toBe(
      "Saved: your changes go to our team for review",
    );
    const stored = await pageBySlug(page.slug);
    expect(stored).toMatchObject({
      story: page.story,
      pendingStory: EDIT.story,
      goalCents: 200_000,
    });
    const shown = await publicFundraiser(page.slug);
    expect(shown?.paragraphs.join("\n")).not.toContain("new story");
    expect(shown?.goalCents).toBe(200_000);
    expect(((await open(token)).body as Owner).owner?.edit.pendingStory).toBe(EDIT.story);

    // Saving the approved story again withdraws the edit.
    await ownerPost({ ...EDIT, story: page.story, token });
    expect((await pageBySlug(page.slug)).pendingStory).toBeNull();
  });

  async function staff(role: "editor" | "finance" | "admin", fields: Record<string, string>) {
    const { cookie } = await createUserSession(role);
    return settle(tabRoute.action(routeArgs(postRequest("/admin/fundraisers", fields, cookie))));
  }

  test("staff accept the new story: the page shows it", async () => {
    const page = await pageIn("approved");
    await ownerPost({ ...EDIT, token: ownerToken(page.id) });
    const { cookie } = await createUserSession("finance");
    const listed = await settle(
      tabRoute.loader(routeArgs(getRequest("/admin/fundraisers", cookie))),
    );
    expect((listed.body as { list: { pendingStory: string | null }[] }).list[0].pendingStory).toBe(
      EDIT.story,
    );
    // Finance sees it but does not decide.
    const refused = await staff("finance", { intent: "accept-edit", id: page.id });
    expect(refused.status).toBe(403);
    expect((await pageBySlug(page.slug)).pendingStory).toBe(EDIT.story);

    const { body } = await staff("editor", { intent: "accept-edit", id: page.id });
    expect((await toastOf(body as Response))?.title).toBe(
      "Owner's changes accepted: the page shows them now",
    );
    expect(await pageBySlug(page.slug)).toMatchObject({ story: EDIT.story, pendingStory: null });
    expect((await publicFundraiser(page.slug))?.paragraphs).toEqual([EDIT.story]);
    // Nothing left to accept.
    const again = await staff("admin", { intent: "accept-edit", id: page.id });
    expect((await toastOf(again.body as Response))?.type).toBe("error");
  });

  test("staff turn the new story down with a reason, e-mailed to the owner; the story stays", async () => {
    const page = await pageIn("approved");
    await ownerPost({ ...EDIT, token: ownerToken(page.id) });
    const missing = await staff("editor", { intent: "reject-edit", id: page.id, reason: " " });
    expect((await toastOf(missing.body as Response))?.title).toContain("Give a reason");
    expect((await pageBySlug(page.slug)).pendingStory).toBe(EDIT.story);

    await staff("admin", { intent: "reject-edit", id: page.id, reason: "Please leave out names." });
    expect(await pageBySlug(page.slug)).toMatchObject({ story: page.story, pendingStory: null });
    const [mail] = (await mails()).filter((row) => row.kind === "fundraiser-edit-rejected");
    expect(mail).toMatchObject({ to: "sam@example.org" });
    expect(mail.text).toContain("Please leave out names.");
  });

  test.each([
    ["story", { story: "Too short" }, "Please write at least 20 characters."],
    ["story", { story: "x".repeat(5001) }, "Please use at most 5000 characters."],
    ["goal", { goal: "50" }, "Please choose a goal from $100 to $100000."],
    ["goal", { goal: "100.50" }, "Please enter the goal in whole dollars, such as 500."],
    ["goal", { goal: "<b>1</b>" }, "Please enter the goal in whole dollars, such as 500."],
    ["endDate", { endDate: "2020-01-01" }, "Please choose an end date after today."],
    ["endDate", { endDate: "2099-01-01" }, "Please choose an end date within a year."],
    ["endDate", { endDate: "31/12/2026" }, "Please enter a date such as 2027-06-30."],
  ])("a bad %s is refused with its message and changes nothing", async (field, change, message) => {
    const page = await pageIn("approved");
    const { status, body } = await ownerPost({ ...EDIT, ...change, token: ownerToken(page.id) });
    expect(status).toBe(400);
    expect(fieldErrors(body)[field]?.[0]).toBe(message);
    const stored = await pageBySlug(page.slug);
    expect(stored).toMatchObject({ story: page.story, pendingStory: null, goalCents: 100_000 });
  });

  test("the end date the page has may be kept even on its last day; closed pages take no edits", async () => {
    const page = await pageIn("approved");
    const today = houstonToday();
    await db().update(fundraisers).set({ endDate: today }).where(eq(fundraisers.id, page.id));
    const kept = await ownerPost({ ...EDIT, endDate: today, token: ownerToken(page.id) });
    expect(kept.status).toBe(302);
    expect((await pageBySlug(page.slug)).goalCents).toBe(200_000);

    const closed = await pageIn("closed");
    const { body } = await ownerPost({ ...EDIT, token: ownerToken(closed.id) });
    expect((await toastOf(body as Response))?.title).toBe(
      "That change is not possible for this fundraiser now.",
    );
    expect((await pageBySlug(closed.slug)).story).toBe(closed.story);
  });
});

describe("pausing, reopening and closing", () => {
  test("the owner pauses (gifts go to the general fund), reopens, then closes for good", async () => {
    const page = await pageIn("approved");
    const token = ownerToken(page.id);
    await ownerPost({ intent: "pause", token });
    expect((await publicFundraiser(page.slug))?.state).toBe("paused");
    expect(await fundraiserForGift(page.slug)).toBeNull();
    await ownerPost({ intent: "reopen", token });
    expect((await publicFundraiser(page.slug))?.state).toBe("open");
    await ownerPost({ intent: "close", token });
    expect((await publicFundraiser(page.slug))?.state).toBe("closed");
    const { body } = await ownerPost({ intent: "reopen", token });
    expect((await toastOf(body as Response))?.type).toBe("error");
    expect((await pageBySlug(page.slug)).status).toBe("closed");
  });

  test("a pending or rejected page cannot be paused or closed by its owner; unknown intents do nothing", async () => {
    for (const status of ["pending", "rejected"]) {
      const page = await pageIn(status);
      for (const intent of ["pause", "close", "reopen"]) {
        await ownerPost({ intent, token: ownerToken(page.id) });
      }
      expect((await pageBySlug(page.slug)).status).toBe(status);
    }
    const live = await pageIn("approved");
    const { status } = await ownerPost({ intent: "approve", token: ownerToken(live.id) });
    expect(status).toBe(400);
    expect((await pageBySlug(live.slug)).status).toBe("approved");
  });
});

describe("gifts and thanks", () => {
  test("the owner sees names unless anonymous and amounts, never an address; thanks go once per gift", async () => {
    const page = await pageIn("approved");
    const other = await pageIn("approved", "other");
    const { row: named } = await give(page.slug, { donorName: "Ana Donor", language: "es" });
    await db().update(donations).set({ language: "es" }).where(eq(donations.id, named.id));
    const { row: hidden } = await give(page.slug, {
      preset: "25",
      anonymous: "on",
      donorName: "Hidden Person",
      donorEmail: "hidden@example.org",
    });
    const { row: elsewhere } = await give(other.slug, { donorEmail: "else@example.org" });
    const token = ownerToken(page.id);
    const opened = await open(token);
    const { gifts } = (opened.body as Owner).owner!;
    expect(gifts.map((gift) => [gift.name, gift.amountCents])).toEqual([
      [null, 2500],
      ["Ana Donor", 5000],
    ]);
    const shown = JSON.stringify(opened.body);
    for (const secret of ["Hidden Person", "hidden@example.org", named.donorEmail!]) {
      expect(shown).not.toContain(secret);
    }
    // The test card's last four, as a number of its own: a gift's random id may hold "4242".
    expect(shown).not.toMatch(/(^|[^0-9a-f-])4242([^0-9a-f-]|$)/i);

    const message = "Thank you so much! <b>You</b> made my birthday.";
    const { body } = await ownerPost({
      intent: "thank",
      token,
      gift: [named.id, hidden.id, elsewhere.id],
      message,
    });
    expect((await toastOf(body as Response))?.title).toBe("Thank-you emails sent: 2");
    const thanks = (await mails()).filter((mail) => mail.kind === "fundraiser-thanks");
    expect(thanks.map((mail) => mail.to).sort()).toEqual(
      [named.donorEmail, "hidden@example.org"].sort(),
    );
    const spanish = thanks.find((mail) => mail.to === named.donorEmail)!;
    expect(spanish.subject).toBe(`Sam te agradece tu donativo a "${page.title}"`);
    expect(spanish.text).toContain(message);
    expect(spanish.text).not.toContain("sam@example.org");
    expect(((await open(token)).body as Owner).owner?.gifts.every((gift) => gift.thanked)).toBe(
      true,
    );

    const again = await ownerPost({ intent: "thank", token, gift: [named.id], message: "Again" });
    expect((await toastOf(again.body as Response))?.title).toBe(
      "No email sent: those donors were already thanked.",
    );
    expect((await mails()).filter((mail) => mail.kind === "fundraiser-thanks")).toHaveLength(2);
  });

  test.each([
    ["gift", {}, "Please choose at least one gift to thank."],
    ["gift", { gift: "not-a-gift" }, "Please choose at least one gift to thank."],
    ["message", { message: " " }, "Please write your message."],
    ["message", { message: "x".repeat(2001) }, "Please use at most 2000 characters."],
  ])("a bad %s in a thank-you is refused and sends nothing", async (field, change, message) => {
    const page = await pageIn("approved");
    const { row } = await give(page.slug);
    const { status, body } = await ownerPost({
      intent: "thank",
      token: ownerToken(page.id),
      ...(field === "gift" ? {} : { gift: row.id }),
      message: "Thanks!",
      ...change,
    });
    expect(status).toBe(400);
    expect(fieldErrors(body)[field]?.[0]).toContain(message);
    expect((await mails()).filter((mail) => mail.kind === "fundraiser-thanks")).toHaveLength(0);
  });

  test("thank-you posts are limited per owner address and per client", async () => {
    const page = await pageIn("approved");
    await db()
      .update(fundraisers)
      .set({ ownerEmail: "limited-owner@example.org" })
      .where(eq(fundraisers.id, page.id));
    const { row } = await give(page.slug);
    const token = ownerToken(page.id);
    const thank = (clientIp?: string) =>
      ownerPost({ intent: "thank", token, gift: row.id, message: "Thanks!" }, clientIp);
    for (let i = 0; i < 10; i++) expect((await thank()).status).toBe(302);
    const limited = await thank();
    expect(limited.status).toBe(429);
    expect(fieldErrors(limited.body)[""]?.[0]).toContain("Too many");

    // Another page's owner on one client: the client's own limit.
    const second = await pageIn("approved", "second");
    await db()
      .update(fundraisers)
      .set({ ownerEmail: "other-owner@example.org" })
      .where(eq(fundraisers.id, second.id));
    const { row: gift } = await give(second.slug);
    const client = nextClientIp();
    const post = () =>
      ownerPost(
        { intent: "thank", token: ownerToken(second.id), gift: gift.id, message: "Hi" },
        client,
      );
    for (let i = 0; i < 10; i++) expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(429);
  });
});

describe("end dates", () => {
  test("a page past its end date is closed, paused ones too; today's and open-ended pages stay", async () => {
    const now = new Date();
    const ended = await pageIn("approved", "ended");
    const pausedEnded = await pageIn("paused", "paused-ended");
    const lastDay = await pageIn("approved", "last-day");
    const openEnded = await pageIn("approved", "open-ended");
    const pending = await pageIn("pending", "pending-ended");
    const set = (id: string, endDate: string) =>
      db().update(fundraisers).set({ endDate }).where(eq(fundraisers.id, id));
    await set(ended.id, isoDay(2, now));
    await set(pausedEnded.id, isoDay(2, now));
    await set(lastDay.id, isoDay(3, now));
    await set(pending.id, isoDay(2, now));
    let changes = 0;
    const stop = onFundraisersChange(() => {
      changes += 1;
    });
    // Three days on in Houston, at noon, as the server's round would run then (not 72 hours on:
    // across a change of the clocks, those end an hour before or after that day's midnight).
    const later = fromHoustonLocal(`${isoDay(3, now)}T12:00`)!;
    expect(await closeEndedFundraisers(later)).toBe(2);
    expect(changes).toBe(1);
    expect(await closeEndedFundraisers(later)).toBe(0);
    expect(changes).toBe(1);
    stop();
    expect((await pageBySlug("ended")).status).toBe("closed");
    expect((await pageBySlug("paused-ended")).status).toBe("closed");
    expect((await pageBySlug("last-day")).status).toBe("approved");
    expect((await pageBySlug("open-ended")).status).toBe("approved");
    expect((await pageBySlug("pending-ended")).status).toBe("pending");
    expect(openEnded.endDate).toBeNull();
    // A closed page says so on the owner's page and takes no owner moves.
    const owner = (await open(ownerToken(ended.id))).body as Owner;
    expect(owner.owner?.status).toBe("closed");
  });
});
