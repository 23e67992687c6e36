/**
 * Gifts in honour or in memory (docs/decisions/232-tribute-gifts.md to 236): the
 * dedication given through the real /donate action and paid in test payment mode, every bad input
 * refused before any payment, the preview, and the card sent once on its day from the verified
 * payment events, never after a decline or an early refund. The clock is moved by handing the
 * card round a later moment (app/features/tributes/cards.server.ts).
 */

import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { db } from "#app/db/client.server";
import { donations, giftDedicationChanges, giftDedications, mailOutbox } from "#app/db/schema";
import { loader as detailLoader } from "#app/features/donations/admin/donation-detail";
import { loader as tabLoader } from "#app/features/donations/admin/donations-tab";
import { applyPaymentEvent } from "#app/features/donations/events.server";
import { manageToken } from "#app/features/donations/manage-link.server";
import { loader as giftsLoader } from "#app/features/donations/routes/manage";
import { action as payAction } from "#app/features/donations/routes/pay";
import {
  action as staffAction,
  loader as staffLoader,
} from "#app/features/tributes/admin/dedication";
import { sendDueCards } from "#app/features/tributes/cards.server";
import { sendMoment } from "#app/features/tributes/gifts.server";
import { dedicationToken } from "#app/features/tributes/links.server";
import {
  action as dedicationAction,
  loader as dedicationLoader,
} from "#app/features/tributes/routes/manage";
import { addDays } from "#app/features/tributes/rules";
import { fromHoustonLocal, houstonToday } from "#app/lib/houston-calendar";
import { action as donateAction } from "#app/site/routes/donate";
import { createUserSession } from "#tests/auth-utils";
import { altchaProof, formRequest, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle } from "./admin-helpers";
import { nextClientIp } from "./public-forms";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" };

const today = () => houstonToday(new Date());
const tomorrow = () => addDays(today(), 1);
/** A moment on a Houston day, "HH:MM". */
const at = (day: string, time: string) => fromHoustonLocal(`${day}T${time}`)!;

/** A dedication "in memory of" with a Spanish card for tomorrow, as the journey. */
const MEMORY_CARD = {
  tributeKind: "memory",
  tributeHonoree: "Abuela Rosa",
  tributeCard: "on",
  tributeRecipientName: "Carmen Ruiz",
  tributeRecipientEmail: "Carmen@Example.org",
  tributeMessage: "Ella siempre ayudaba a todos.",
  tributeLanguage: "es",
  tributeSendOn: "",
};

let donors = 0;

/** Posts the donation form through /donate. */
async function post(fields: Record<string, string>, path = "/donate") {
  donors += 1;
  const body = {
    panel: "full",
    frequency: "once",
    preset: "50",
    donorName: "Ana Donor",
    donorEmail: `ana${donors}@example.org`,
    altcha: await altchaProof(),
    ...fields,
  };
  return settle(donateAction(routeArgs(formRequest(path, body, { clientIp: nextClientIp() }))));
}

/** Gives with a dedication, then pays with `card` (the test mode's verified events). */
async function give(fields: Record<string, string>, card = GOOD_CARD) {
  const { status, body } = await post(fields);
  expect(status, JSON.stringify(fieldErrors(body))).toBe(302);
  const location = (body as Response).headers.get("Location") ?? "";
  const [, id, token] = location.match(/^\/donate\/pay\/([0-9a-f-]{36})\?token=(.+)$/)!;
  await payAction(
    routeArgs(
      formRequest(
        `/donate/pay/${id}`,
        { token: decodeURIComponent(token), ...card },
        { clientIp: nextClientIp() },
      ),
      { id },
    ),
  );
  const [row] = await db().select().from(donations).where(eq(donations.id, id));
  const [dedication] = await db()
    .select()
    .from(giftDedications)
    .where(eq(giftDedications.donationId, id));
  return { row, dedication };
}

const cards = () => db().select().from(mailOutbox).where(eq(mailOutbox.kind, "tribute-card"));

describe("the card's moment", () => {
  test("a card for today goes once paid at any hour; a later day's at 9 am in Houston", () => {
    const night = at("2026-12-01", "01:00");
    expect(sendMoment("2026-12-01", night)).toEqual(night);
    expect(sendMoment("2026-12-02", night)).toEqual(at("2026-12-02", "09:00"));
    const evening = at("2026-12-01", "20:00");
    expect(sendMoment("2026-12-01", evening)).toEqual(evening);
  });
});

describe("a dedication given with a gift", () => {
  test("is stored with the gift; its card waits for its day, then goes once, in its language", async () => {
    const { row, dedication } = await give({ ...MEMORY_CARD, tributeSendOn: tomorrow() });
    expect(row.status).toBe("succeeded");
    expect(dedication).toMatchObject({
      kind: "memory",
      honoree: "Abuela Rosa",
      recipientEmail: "carmen@example.org",
      cardLanguage: "es",
      sendOn: tomorrow(),
      showAmount: false,
      cardStatus: "scheduled",
    });
    expect(dedication.sendAt).toEqual(at(tomorrow(), "09:00"));

    expect(await sendDueCards(new Date())).toBe(0);
    expect(await sendDueCards(at(tomorrow(), "08:59"))).toBe(0);
    expect(await cards()).toHaveLength(0);

    expect(await sendDueCards(at(tomorrow(), "09:01"))).toBe(1);
    expect(await sendDueCards(at(tomorrow(), "09:02"))).toBe(0);
    const [mail] = await cards();
    expect(mail.to).toBe("carmen@example.org");
    expect(mail.subject).toBe("Una donación en memoria de Abuela Rosa");
    expect(mail.text).toContain("Estimado/a Carmen Ruiz:");
    expect(mail.text).toContain("Ana Donor hizo una donación a Houston Home Foundation");
    expect(mail.text).toContain("Ella siempre ayudaba a todos.");
    expect(mail.text).toContain("http://localhost:3000/es");
    expect(mail.text).not.toContain("$");
    expect(mail.text).not.toContain(row.donorEmail);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("Abuela Rosa");
    expect(mail.html).not.toContain("<img");
    const [sent] = await db().select().from(giftDedications);
    expect(sent.cardStatus).toBe("sent");
  });

  test("the receipt names the dedication; a card for today goes as soon as the gift is paid", async () => {
    const { row } = await give({
      ...MEMORY_CARD,
      tributeKind: "honor",
      tributeHonoree: "Mr. Lee",
      tributeLanguage: "en",
      tributeShowAmount: "on",
      anonymous: "on",
    });
    const [receipt] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "receipt"));
    expect(receipt.text).toContain("Dedication: in honor of Mr. Lee");
    // Due the moment it was paid (a fixed 23:59 would miss a card paid in the day's last minute).
    expect(await sendDueCards(new Date())).toBe(1);
    const [card] = await cards();
    expect(card.subject).toBe("A gift in honor of Mr. Lee");
    expect(card.text).toContain("Someone has made a gift");
    expect(card.text).toContain("The gift: $50.00.");
    expect(card.text).not.toContain(row.donorName);
  });

  test("retried and repeated payment events send one card", async () => {
    const { row } = await give(MEMORY_CARD);
    const succeeded = {
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: row.paymentReference } },
    };
    await applyPaymentEvent({ id: "evt_again_1", ...succeeded });
    await applyPaymentEvent({ id: "evt_again_1", ...succeeded });
    await applyPaymentEvent({ id: "evt_again_2", ...succeeded });
    await Promise.all([sendDueCards(), sendDueCards()]);
    await sendDueCards();
    expect(await cards()).toHaveLength(1);
  });

  test("a declined gift's card is never sent", async () => {
    const { row, dedication } = await give(MEMORY_CARD, DECLINED_CARD);
    expect(row.status).toBe("failed");
    expect(await sendDueCards(at(addDays(today(), 30), "12:00"))).toBe(0);
    expect(await cards()).toHaveLength(0);
    expect(dedication.cardStatus).toBe("scheduled");
  });

  test("a gift refunded before the card's day cancels the card", async () => {
    const { row } = await give({ ...MEMORY_CARD, tributeSendOn: tomorrow() });
    await applyPaymentEvent({
      id: "evt_refund_tribute",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          payment_intent: row.paymentReference,
          amount: row.amount,
          amount_refunded: row.amount,
        },
      },
    });
    expect(await sendDueCards(at(tomorrow(), "10:00"))).toBe(0);
    expect(await cards()).toHaveLength(0);
    const [dedication] = await db().select().from(giftDedications);
    expect(dedication.cardStatus).toBe("cancelled");
  });

  test("a dedication without a card is kept on the gift, and sends nothing", async () => {
    const { dedication } = await give({ tributeKind: "honor", tributeHonoree: "Coach Diaz" });
    expect(dedication).toMatchObject({ honoree: "Coach Diaz", cardStatus: null });
    expect(await sendDueCards(at(addDays(today(), 2), "10:00"))).toBe(0);
  });
});

describe("the card's preview", () => {
  test("shows the card in its language without paying or storing anything", async () => {
    const { status, body } = await post({
      ...MEMORY_CARD,
      intent: "tribute-preview",
      donorName: "",
      anonymous: "on",
    });
    expect(status).toBe(200);
    const preview = (body as { tributePreview: { subject: string; lines: string[] } })
      .tributePreview;
    expect(preview.subject).toBe("Una donación en memoria de Abuela Rosa");
    expect(preview.lines.join("\n")).toContain("Alguien hizo una donación");
    expect(preview.lines.join("\n")).not.toContain("$");
    expect(await db().select().from(donations)).toHaveLength(0);
  });

  test("names the dedication's problems", async () => {
    const { status, body } = await post({
      ...MEMORY_CARD,
      intent: "tribute-preview",
      tributeRecipientEmail: "carmen",
    });
    expect(status).toBe(400);
    expect(fieldErrors(body).tributeRecipientEmail).toEqual([
      "Please enter a valid e-mail address for the card, such as name@example.org.",
    ]);
  });
});

describe("bad input is refused before any payment", () => {
  const long = (n: number) => "a".repeat(n);
  test.each([
    ["no kind", { tributeKind: "" }, "tributeKind", "Please choose in honor of or in memory of."],
    [
      "an unknown kind",
      { tributeKind: "birthday" },
      "tributeKind",
      "Please choose in honor of or in memory of.",
    ],
    [
      "no honoree",
      { tributeHonoree: "" },
      "tributeHonoree",
      "Please enter the name of the person you honor or remember.",
    ],
    [
      "a long honoree",
      { tributeHonoree: long(101) },
      "tributeHonoree",
      "Please keep this under 100 characters.",
    ],
    [
      "a header in the honoree",
      { tributeHonoree: "Rosa\r\nBcc: all@example.org" },
      "tributeHonoree",
      "Please use plain text without special characters.",
    ],
    [
      "a header in the recipient's name",
      { tributeRecipientName: "C\nBcc: x@example.org" },
      "tributeRecipientName",
      "Please use plain text without special characters.",
    ],
    [
      "no recipient name",
      { tributeRecipientName: "" },
      "tributeRecipientName",
      "Please enter the recipient's name.",
    ],
    [
      "an invalid recipient",
      { tributeRecipientEmail: "carmen@" },
      "tributeRecipientEmail",
      "Please enter a valid e-mail address for the card, such as name@example.org.",
    ],
    [
      "a header in the recipient",
      { tributeRecipientEmail: "c@example.org\r\nBcc: x@example.org" },
      "tributeRecipientEmail",
      "Please enter a valid e-mail address for the card, such as name@example.org.",
    ],
    [
      "a long message",
      { tributeMessage: long(501) },
      "tributeMessage",
      "Please keep this under 500 characters.",
    ],
    [
      "a past date",
      { tributeSendOn: "2020-01-01" },
      "tributeSendOn",
      "The send date cannot be in the past.",
    ],
    [
      "a date over a year ahead",
      { tributeSendOn: "2099-01-01" },
      "tributeSendOn",
      "Please choose a send date within a year.",
    ],
    [
      "a date that is no date",
      { tributeSendOn: "31/12/2027" },
      "tributeSendOn",
      "Please enter a date such as 2027-06-30.",
    ],
    [
      "another card language",
      { tributeLanguage: "fr" },
      "tributeLanguage",
      "Please choose English or Spanish for the card.",
    ],
  ])("%s", async (_label, change, field, message) => {
    const { status, body } = await post({ ...MEMORY_CARD, ...change });
    expect(status).toBe(400);
    expect(fieldErrors(body)[field]).toEqual([message]);
    expect(await db().select().from(donations)).toHaveLength(0);
    expect(await db().select().from(giftDedications)).toHaveLength(0);
  });

  test("a message keeps its lines and is stored as text", async () => {
    const { dedication } = await give({
      ...MEMORY_CARD,
      tributeMessage: "<b>Line one</b>\r\nLine two",
    });
    expect(dedication.message).toBe("<b>Line one</b>\nLine two");
    await sendDueCards();
    const [card] = await cards();
    expect(card.html).toContain("&lt;b&gt;Line one&lt;/b&gt;");
  });

  test("at most 5 cards a day to one address", async () => {
    for (let i = 0; i < 5; i++) await give({ ...MEMORY_CARD, tributeSendOn: tomorrow() });
    const { status, body } = await post({ ...MEMORY_CARD, tributeSendOn: tomorrow() });
    expect(status).toBe(400);
    expect(fieldErrors(body).tributeRecipientEmail).toEqual([
      "This address already has 5 cards on that day; please choose another day.",
    ]);
    const other = await post({ ...MEMORY_CARD, tributeSendOn: addDays(today(), 2) });
    expect(other.status).toBe(302);
  });
});

describe("the donor manages the dedication", () => {
  async function manage(id: string, fields: Record<string, string>, token = dedicationToken(id)) {
    return settle(
      dedicationAction(
        routeArgs(
          formRequest("/honor-giving/manage", { token, ...fields }, { clientIp: nextClientIp() }),
        ),
      ),
    );
  }
  const logOf = async (id: string) =>
    (
      await db()
        .select()
        .from(giftDedicationChanges)
        .where(eq(giftDedicationChanges.dedicationId, id))
    ).map((row) => `${row.actor}: ${row.change}`);

  test("the gifts page links the dedication; corrections before the card goes are kept and logged", async () => {
    const { row, dedication } = await give({ ...MEMORY_CARD, tributeSendOn: tomorrow() });
    const gifts = await settle(
      giftsLoader(
        routeArgs(
          getRequest(`/es/donate/manage?token=${encodeURIComponent(manageToken(row.donorEmail!))}`),
        ),
      ),
    );
    const { dedications } = (
      gifts.body as {
        donor: { dedications: { heading: string; links: { text: string; path: string }[] } };
      }
    ).donor;
    // In the donor's language, in the words the tributes give it.
    expect(dedications.heading).toBe("Dedicatoria");
    expect(dedications.links).toHaveLength(1);
    expect(dedications.links[0].text).toContain("Abuela Rosa");
    const token = new URL(dedications.links[0].path, "http://x").searchParams.get("token")!;
    expect(dedications.links[0].path.startsWith("/es/honor-giving/manage?token=")).toBe(true);

    const page = await settle(
      dedicationLoader(
        routeArgs(getRequest(`/honor-giving/manage?token=${encodeURIComponent(token)}`)),
      ),
    );
    expect((page.body as { view: unknown }).view).toMatchObject({
      honoree: "Abuela Rosa",
      status: "scheduled",
      correctable: true,
      resendable: false,
    });

    const saved = await manage(
      dedication.id,
      {
        intent: "correct",
        honoree: "Abuela Rosa María",
        recipientName: "Carmen Ruiz",
        message: "Ella siempre ayudaba a todos.",
        sendOn: addDays(today(), 2),
      },
      token,
    );
    expect(saved.status).toBe(302);
    expect((await toastOf(saved.body as Response))?.title).toBe("Your corrections are saved.");
    const [corrected] = await db().select().from(giftDedications);
    expect(corrected).toMatchObject({ honoree: "Abuela Rosa María", sendOn: addDays(today(), 2) });
    expect(corrected.sendAt).toEqual(at(addDays(today(), 2), "09:00"));
    expect(await logOf(dedication.id)).toEqual([
      "donor: honoree: Abuela Rosa -> Abuela Rosa María",
      `donor: sendOn: ${tomorrow()} -> ${addDays(today(), 2)}`,
    ]);

    const refused = await manage(dedication.id, {
      intent: "correct",
      honoree: "",
      recipientName: "Carmen",
      sendOn: "2020-01-01",
    });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body)).toMatchObject({
      honoree: ["Please enter the name of the person you honor or remember."],
      sendOn: ["The send date cannot be in the past."],
    });

    // Not on its old day; on the new one, with the corrected name.
    expect(await sendDueCards(at(tomorrow(), "10:00"))).toBe(0);
    expect(await sendDueCards(at(addDays(today(), 2), "09:00"))).toBe(1);
    const [card] = await cards();
    expect(card.subject).toBe("Una donación en memoria de Abuela Rosa María");
  });

  test("after the card goes: no more corrections, resends at most 3 times", async () => {
    const { dedication } = await give(MEMORY_CARD);
    await sendDueCards();
    const late = await manage(dedication.id, {
      intent: "correct",
      honoree: "Someone Else",
      recipientName: "Carmen",
    });
    expect(late.status).toBe(400);
    for (let i = 0; i < 4; i++) {
      const { body } = await manage(dedication.id, { intent: "resend" });
      expect((await toastOf(body as Response))?.type).toBe(i < 3 ? "success" : "error");
    }
    const sent = await cards();
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((mail) => mail.subject))).toEqual(
      new Set(["Una donación en memoria de Abuela Rosa"]),
    );
    expect(await logOf(dedication.id)).toEqual([
      "donor: card sent again (1 of 3)",
      "donor: card sent again (2 of 3)",
      "donor: card sent again (3 of 3)",
    ]);
  });

  test("a forged or expired link shows nothing and changes nothing", async () => {
    const { dedication } = await give(MEMORY_CARD);
    const expired = dedicationToken(dedication.id, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    for (const token of [expired, "forged.token", dedicationToken("not-a-uuid")]) {
      const page = await settle(
        dedicationLoader(
          routeArgs(getRequest(`/honor-giving/manage?token=${encodeURIComponent(token)}`)),
        ),
      );
      expect((page.body as { view: unknown }).view).toBeNull();
      const post = await manage(dedication.id, { intent: "resend" }, token);
      expect(post.status).toBe(404);
    }
    expect(await logOf(dedication.id)).toEqual([]);
  });
});

describe("staff and tribute gifts", () => {
  test("finance staff see the dedication and its card, correct a misspelt name and resend, logged", async () => {
    const { row } = await give({ ...MEMORY_CARD, tributeSendOn: tomorrow() });
    const { cookie, user } = await createUserSession("finance");
    const url = `/admin/donations/${row.id}/dedication`;
    const detail = await settle(
      detailLoader(routeArgs(getRequest(`/admin/donations/${row.id}`, cookie), { id: row.id })),
    );
    expect((detail.body as { dedication: unknown }).dedication).toMatchObject({
      text: "In memory of Abuela Rosa",
      cardStatus: "scheduled",
    });
    const fix = await settle(
      staffAction(
        routeArgs(
          postRequest(
            url,
            {
              intent: "correct",
              honoree: "Abuela Rosa Maria",
              recipientName: "Carmen Ruiz",
              message: "Ella siempre ayudaba a todos.",
              sendOn: tomorrow(),
            },
            cookie,
          ),
          { id: row.id },
        ),
      ),
    );
    expect(fix.status).toBe(302);
    await sendDueCards(at(tomorrow(), "09:00"));
    const resend = await settle(
      staffAction(routeArgs(postRequest(url, { intent: "resend" }, cookie), { id: row.id })),
    );
    expect(resend.status).toBe(302);
    expect(await cards()).toHaveLength(2);
    const page = await settle(staffLoader(routeArgs(getRequest(url, cookie), { id: row.id })));
    const body = page.body as {
      view: { status: string; resendCount: number };
      changes: { actor: string; change: string }[];
    };
    expect(body.view).toMatchObject({ status: "sent", resendCount: 1 });
    expect(body.changes.map((change) => `${change.actor}: ${change.change}`)).toEqual([
      `${user.email}: honoree: Abuela Rosa -> Abuela Rosa Maria`,
      `${user.email}: card sent again (1 of 3)`,
    ]);
  });

  test("editors and signed-out visitors are refused", async () => {
    const { row } = await give(MEMORY_CARD);
    const url = `/admin/donations/${row.id}/dedication`;
    const { cookie } = await createUserSession("editor");
    const refused = await settle(staffLoader(routeArgs(getRequest(url, cookie), { id: row.id })));
    expect(refused.status).toBe(403);
    const post = await settle(
      staffAction(routeArgs(postRequest(url, { intent: "resend" }, cookie), { id: row.id })),
    );
    expect(post.status).toBe(403);
    const anonymous = await settle(staffLoader(routeArgs(getRequest(url), { id: row.id })));
    expect([302, 401, 403]).toContain(anonymous.status);
  });

  test("the Donations tab filters tribute gifts; donations.csv gains Dedication, Honoree, Card sent", async () => {
    const { row: tribute } = await give(MEMORY_CARD);
    await sendDueCards();
    await give({});
    const { cookie } = await createUserSession("finance");
    const list = await settle(
      tabLoader(routeArgs(getRequest("/admin/donations?tribute=yes", cookie))),
    );
    const rows = (list.body as { list: { rows: { id: string }[] } }).list.rows;
    expect(rows.map((shown) => shown.id)).toEqual([tribute.id]);

    const { body } = await settle(
      exportLoader(
        routeArgs(getRequest("/admin/export/donations.csv", cookie), { file: "donations.csv" }),
      ),
    );
    const csv: string[][] = parse(await (body as Response).text(), { bom: true });
    expect(csv[0].slice(-3)).toEqual(["Dedication", "Honoree", "Card sent"]);
    const [withTribute] = csv.filter((line) => line.includes("In memory of"));
    expect(withTribute.slice(-3, -1)).toEqual(["In memory of", "Abuela Rosa"]);
    expect(withTribute.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(csv.filter((line) => line.at(-2) === "")).toHaveLength(1);
  });
});
