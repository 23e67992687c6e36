import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { newsletterSubscriptions } from "#app/db/schema";
import { subscribeToNewsletter } from "#app/features/forms/newsletter.server";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "#app/features/forms/routes/unsubscribe";
import { signToken } from "#app/lib/tokens.server";
import { decodeQuotedPrintable, outboxMessages, routeArgs, toastOf } from "#tests/utils";
import { post, publicFormGuards, settle } from "./public-forms";

const launch = (request: Request) =>
  subscribeToNewsletter(request, { source: "launch", redirectTo: "/launch" });
const home = (request: Request) =>
  subscribeToNewsletter(request, { source: "home", redirectTo: "/home" });

const rows = () => db().select().from(newsletterSubscriptions);
const countRows = async () => (await rows()).length;

/** The unsubscribe link of a welcome e-mail, and the raw message. */
async function welcomeMail(index = 0) {
  const raw = (await outboxMessages())[index];
  const text = decodeQuotedPrintable(raw);
  const link = text.match(/http:\/\/localhost:3000\/unsubscribe\?token=[^\s>]+/)?.[0];
  return { raw, text, link: link ?? "" };
}

function unsubscribePost(url: string, body: Record<string, string>) {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
}

describe("newsletter sign-up", () => {
  test("pre-launch form: stores the subscriber and thanks them by name", async () => {
    const response = (await launch(
      post("/launch", { firstName: "  Ana ", email: "  Ana.Lopez@Example.ORG ", intent: "x" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/launch");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Thank you for subscribing!",
      description: "We'll keep you updated on our launch, Ana.",
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      firstName: "Ana",
      email: "ana.lopez@example.org",
      source: "launch",
      unsubscribedAt: null,
    });
  });

  test("landing-page form: same table, its own toast and source", async () => {
    const response = (await home(
      post("/home", { firstName: "Ben", email: "ben@example.org" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/home");
    const toast = await toastOf(response);
    expect(toast).toMatchObject({ type: "success", title: "Thank you for subscribing" });
    expect(toast?.description).toBeUndefined();
    expect((await rows())[0]).toMatchObject({ email: "ben@example.org", source: "home" });
  });

  test("the same address in another case is a duplicate: error toast, still one row, one e-mail", async () => {
    await launch(post("/launch", { firstName: "Ana", email: "ana@example.org" }));
    const response = (await home(
      post("/home", { firstName: "Anita", email: " ANA@EXAMPLE.org" }),
    )) as Response;
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Already subscribed",
      description: "This email address is already subscribed to our newsletter.",
    });
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ firstName: "Ana", source: "launch" });
    expect(await outboxMessages()).toHaveLength(1);
  });

  test("two identical sign-ups at the same moment leave exactly one row", async () => {
    const fields = { firstName: "Cy", email: "cy@example.org" };
    const responses = (await Promise.all([
      launch(post("/launch", fields)),
      launch(post("/launch", fields)),
    ])) as Response[];
    expect(await countRows()).toBe(1);
    const titles = await Promise.all(responses.map(async (r) => (await toastOf(r))?.title));
    expect(titles.sort()).toEqual(["Already subscribed", "Thank you for subscribing!"]);
  });

  test("a database failure gives the generic error toast and stores nothing", async () => {
    await db().execute(sql`alter table newsletter_subscriptions rename to newsletter_moved`);
    try {
      const response = (await launch(
        post("/launch", { firstName: "Di", email: "di@example.org" }),
      )) as Response;
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "Error",
        description: "Something went wrong. Please try again.",
      });
    } finally {
      await db().execute(sql`alter table newsletter_moved rename to newsletter_subscriptions`);
    }
    expect(await countRows()).toBe(0);
    expect(await outboxMessages()).toEqual([]);
  });

  test("a first name with markup is kept as text, also in the toast", async () => {
    const response = (await launch(
      post("/launch", { firstName: "<img src=x onerror=alert(1)>", email: "x@example.org" }),
    )) as Response;
    expect((await toastOf(response))?.description).toBe(
      "We'll keep you updated on our launch, <img src=x onerror=alert(1)>.",
    );
    expect((await rows())[0].firstName).toBe("<img src=x onerror=alert(1)>");
  });

  describe("bad input", () => {
    publicFormGuards({
      url: "/launch",
      submit: launch,
      valid: { firstName: "Eve", email: "eve@example.org" },
      countRows,
      successTitle: "Thank you for subscribing!",
      textFields: { firstName: 100 },
      storedRow: async () => (await rows())[0],
    });
  });
});

describe("welcome e-mail and unsubscribe", () => {
  test("the welcome e-mail carries a one-click unsubscribe link that works", async () => {
    await launch(post("/launch", { firstName: "Fay", email: "Fay@Example.org" }));
    const mail = await welcomeMail();
    expect(mail.raw).toMatch(/^To: fay@example\.org$/m);
    expect(mail.raw).toMatch(/^Subject: Welcome to the .+ newsletter$/m);
    expect(mail.text).toContain("Hi Fay,");
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Long headers are folded onto a continuation line; unfold before reading.
    const unfolded = mail.raw.replace(/\r?\n(?=[ \t])/g, "");
    const header = unfolded.match(/^List-Unsubscribe:\s*<([^>]+)>$/m);
    expect(header?.[1]).toBe(mail.link);

    // The link shows a confirmation page and changes nothing by itself.
    const page = await unsubscribeLoader(routeArgs(new Request(mail.link)));
    expect(page).toMatchObject({ status: "confirm", email: "fay@example.org" });
    expect((await rows())[0].unsubscribedAt).toBeNull();

    // The page's button posts the token back.
    const token = new URL(mail.link).searchParams.get("token") ?? "";
    const done = await settle(
      unsubscribeAction(
        routeArgs(unsubscribePost(`http://localhost:3000/unsubscribe?token=${token}`, { token })),
      ),
    );
    expect(done).toEqual({ status: 200, body: { status: "done", email: "fay@example.org" } });
    const [row] = await rows();
    expect(row.unsubscribedAt).toBeInstanceOf(Date);

    // Visiting the link again says so, and unsubscribing again keeps the first date.
    expect(await unsubscribeLoader(routeArgs(new Request(mail.link)))).toMatchObject({
      status: "already",
    });
    await unsubscribeAction(routeArgs(unsubscribePost(mail.link, { token })));
    expect((await rows())[0].unsubscribedAt).toEqual(row.unsubscribedAt);
  });

  test("RFC 8058 one-click POST to the link itself unsubscribes", async () => {
    await home(post("/home", { firstName: "Gus", email: "gus@example.org" }));
    const { link } = await welcomeMail();
    const result = await settle(
      unsubscribeAction(routeArgs(unsubscribePost(link, { "List-Unsubscribe": "One-Click" }))),
    );
    expect(result.status).toBe(200);
    expect((await rows())[0].unsubscribedAt).toBeInstanceOf(Date);
  });

  test("an unsubscribed address that signs up again is subscribed again, same row", async () => {
    await launch(post("/launch", { firstName: "Hal", email: "hal@example.org" }));
    const { link } = await welcomeMail();
    await unsubscribeAction(routeArgs(unsubscribePost(link, {})));
    const [before] = await rows();
    expect(before.unsubscribedAt).not.toBeNull();

    const response = (await home(
      post("/home", { firstName: "Hallie", email: "HAL@example.org" }),
    )) as Response;
    expect((await toastOf(response))?.title).toBe("Thank you for subscribing");
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.id,
      firstName: "Hallie",
      source: "home",
      unsubscribedAt: null,
    });
    expect(await outboxMessages()).toHaveLength(2);
  });

  test("a forged, altered or missing token gets a friendly 400 and changes nothing", async () => {
    await launch(post("/launch", { firstName: "Ivy", email: "ivy@example.org" }));
    const { link } = await welcomeMail();
    const token = new URL(link).searchParams.get("token") ?? "";
    const [row] = await rows();
    const forged = [
      "",
      "garbage",
      `${token.slice(0, -2)}xx`,
      // Signed for another purpose, naming the same subscription.
      signToken("password-reset", row.id),
    ];
    for (const bad of forged) {
      const url = `http://localhost:3000/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect(await settle(unsubscribeLoader(routeArgs(new Request(url))))).toMatchObject({
        status: 400,
        body: { status: "invalid" },
      });
      expect(
        await settle(unsubscribeAction(routeArgs(unsubscribePost(url, { token: bad })))),
      ).toEqual({ status: 400, body: { status: "invalid" } });
    }
    expect(
      await settle(unsubscribeLoader(routeArgs(new Request("http://localhost:3000/unsubscribe")))),
    ).toMatchObject({ status: 400 });
    const [after] = await db()
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, row.id));
    expect(after.unsubscribedAt).toBeNull();
  });

  test("the unsubscribe action refuses other methods and content types", async () => {
    const url = "http://localhost:3000/unsubscribe?token=x";
    expect(
      (await settle(unsubscribeAction(routeArgs(new Request(url, { method: "PUT" }))))).status,
    ).toBe(405);
    const json = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect((await settle(unsubscribeAction(routeArgs(json)))).status).toBe(415);
  });
});
