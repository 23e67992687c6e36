/**
 * Newsletters: double opt-in, leaving (the body's link changes nothing until its button; the
 * header's one-click POST unsubscribes at once), bounces and complaints through the webhook, the
 * tab's checks of bodies (every refused link) and roles, and the public archive
 * (docs/decisions/291-newsletter-subscribers-and-leaving.md, 292, 293).
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { newsletterBounces, newsletterSubscriptions, newsletters } from "#app/db/schema";
import { subscribeToNewsletter } from "#app/features/forms/index.server";
import {
  action as confirmAction,
  loader as confirmLoader,
} from "#app/features/forms/routes/newsletter-confirm";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "#app/features/forms/routes/unsubscribe";
import {
  action as editorAction,
  loader as editorLoader,
} from "#app/features/newsletters/admin/newsletter-editor";
import { action as tabAction } from "#app/features/newsletters/admin/newsletters-tab";
import { createIssue } from "#app/features/newsletters/issues.server";
import { leavingLinks } from "#app/features/newsletters/mail.server";
import { loader as archiveLoader } from "#app/features/newsletters/routes/archive";
import { action as bounceWebhook } from "#app/features/newsletters/routes/bounces";
import { loader as issueLoader } from "#app/features/newsletters/routes/issue";
import {
  action as oneClickAction,
  loader as oneClickLoader,
} from "#app/features/newsletters/routes/one-click";
import {
  listenForHandedOverNewsletters,
  sendBatch,
  startSend,
} from "#app/features/newsletters/sending.server";
import { resetEnvForTests } from "#app/lib/env.server";
import { deliverDueMail, stopOutboxWorker } from "#app/lib/outbox.server";
import { createUserSession, requestWithCookie } from "#tests/auth-utils";
import {
  decodeQuotedPrintable,
  formRequest,
  outboxMessages,
  routeArgs,
  toastOf,
} from "#tests/utils";
import { post, settle } from "./public-forms";

const AT = new Date("2026-03-02T15:00:00Z");
const SECRET = "webhook-secret-for-tests-0123456789";

beforeAll(() => listenForHandedOverNewsletters());
afterEach(() => {
  delete process.env.NEWSLETTER_WEBHOOK_SECRET;
  resetEnvForTests();
});

const doc = (text: string) => ({
  type: "doc" as const,
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

async function subscriber(email = "rosa@example.org", language = "en") {
  const [row] = await db()
    .insert(newsletterSubscriptions)
    .values({ firstName: "Rosa", email, language, confirmedAt: AT })
    .returning();
  return row;
}

const subscription = async (id: string) =>
  (await db().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)))[0];

describe("double opt-in", () => {
  test("a new sign-up gets no issue until the welcome mail's link is confirmed by its button", async () => {
    await subscribeToNewsletter(post("/home", { firstName: "Ana", email: "ana@example.org" }), {
      source: "home",
      redirectTo: "/home",
    });
    const [row] = await db().select().from(newsletterSubscriptions);
    expect(row.confirmedAt).toBeNull();
    const welcome = decodeQuotedPrintable((await outboxMessages())[0]);
    const link =
      welcome.match(/http:\/\/localhost:3000\/newsletter\/confirm\?token=[^\s>]+/)?.[0] ?? "";
    expect(link).not.toBe("");

    const issue = await createIssue({
      subjectEn: "News",
      bodyEn: doc("Hi"),
      subjectEs: null,
      bodyEs: null,
    });
    expect(await startSend(issue, AT)).toBe(0);

    // Opening the link (a scanner, a preview) confirms nothing; the button does.
    expect(await confirmLoader(routeArgs(new Request(link)))).toMatchObject({ status: "confirm" });
    expect((await subscription(row.id)).confirmedAt).toBeNull();
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(await settle(confirmAction(routeArgs(formRequest(link, { token }))))).toMatchObject({
      status: 200,
      body: { status: "done", email: "ana@example.org" },
    });
    expect((await subscription(row.id)).confirmedAt).toBeInstanceOf(Date);
    const next = await createIssue({
      subjectEn: "More",
      bodyEn: doc("Hi"),
      subjectEs: null,
      bodyEs: null,
    });
    expect(await startSend(next, AT)).toBe(1);
    // A forged token confirms nothing.
    expect(
      (await settle(confirmAction(routeArgs(formRequest(link, { token: `${token}x` }))))).status,
    ).toBe(400);
  });
});

describe("leaving", () => {
  test("the body's link: a GET changes nothing, the page's POST unsubscribes", async () => {
    const rosa = await subscriber();
    const { page } = leavingLinks(rosa.id, "en");
    expect(await unsubscribeLoader(routeArgs(new Request(page)))).toMatchObject({
      status: "confirm",
    });
    expect((await subscription(rosa.id)).unsubscribedAt).toBeNull();
    const token = new URL(page).searchParams.get("token") ?? "";
    await unsubscribeAction(routeArgs(formRequest(page, { token })));
    expect((await subscription(rosa.id)).unsubscribedAt).toBeInstanceOf(Date);
  });

  test("the header's one-click POST unsubscribes without a page; its GET changes nothing", async () => {
    const rosa = await subscriber();
    const { oneClick } = leavingLinks(rosa.id, "en");
    const opened = (await oneClickLoader(routeArgs(new Request(oneClick)))) as Response;
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toMatch(/^\/unsubscribe\?token=/);
    expect((await subscription(rosa.id)).unsubscribedAt).toBeNull();

    const posted = (await oneClickAction(
      routeArgs(formRequest(oneClick, { "List-Unsubscribe": "One-Click" })),
    )) as Response;
    expect(posted.status).toBe(200);
    expect((await subscription(rosa.id)).unsubscribedAt).toBeInstanceOf(Date);

    const forged = (await oneClickAction(
      routeArgs(formRequest(`${oneClick}x`, { "List-Unsubscribe": "One-Click" })),
    )) as Response;
    expect(forged.status).toBe(400);
  });
});

describe("bounces and complaints", () => {
  const notice = (body: unknown, secret: string | null = SECRET) =>
    new Request("http://localhost:3000/api/newsletter/bounces", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
      },
      body: JSON.stringify(body),
    });

  test("a hard bounce and a complaint stop mail; a soft bounce does not; all are kept", async () => {
    process.env.NEWSLETTER_WEBHOOK_SECRET = SECRET;
    resetEnvForTests();
    const hard = await subscriber("hard@example.org");
    const soft = await subscriber("soft@example.org");
    const angry = await subscriber("angry@example.org");
    for (const body of [
      { type: "bounce", bounceType: "hard", email: "HARD@example.org" },
      { type: "bounce", bounceType: "soft", email: "soft@example.org" },
      { type: "complaint", email: "angry@example.org" },
    ]) {
      expect(((await bounceWebhook(routeArgs(notice(body)))) as Response).status).toBe(200);
    }
    expect((await subscription(hard.id)).mailStoppedAt).toBeInstanceOf(Date);
    expect((await subscription(soft.id)).mailStoppedAt).toBeNull();
    expect((await subscription(angry.id)).mailStoppedAt).toBeInstanceOf(Date);
    expect(await db().select().from(newsletterBounces)).toHaveLength(3);
    const issue = await createIssue({
      subjectEn: "News",
      bodyEn: doc("Hi"),
      subjectEs: null,
      bodyEs: null,
    });
    expect(await startSend(issue, AT)).toBe(1);
  });

  test("without the secret, a wrong one, or a malformed notice: refused, nothing changes", async () => {
    const hard = await subscriber("hard@example.org");
    const body = { type: "bounce", bounceType: "hard", email: "hard@example.org" };
    // No secret configured: every call refused.
    expect(((await bounceWebhook(routeArgs(notice(body)))) as Response).status).toBe(401);
    process.env.NEWSLETTER_WEBHOOK_SECRET = SECRET;
    resetEnvForTests();
    expect(
      ((await bounceWebhook(routeArgs(notice(body, "wrong-secret-0000000000")))) as Response)
        .status,
    ).toBe(401);
    expect(((await bounceWebhook(routeArgs(notice(body, null)))) as Response).status).toBe(401);
    expect(
      (
        (await bounceWebhook(
          routeArgs(notice({ type: "bounce", email: "not an address" })),
        )) as Response
      ).status,
    ).toBe(400);
    expect(
      (
        (await bounceWebhook(
          routeArgs(notice({ type: "delivered", email: "hard@example.org" })),
        )) as Response
      ).status,
    ).toBe(400);
    expect((await subscription(hard.id)).mailStoppedAt).toBeNull();
    expect(await db().select().from(newsletterBounces)).toHaveLength(0);
  });
});

describe("the Newsletters tab", () => {
  const create = (cookie: string, fields: Record<string, string>) =>
    settle(
      tabAction(
        routeArgs(formRequest("/admin/newsletters", fields, { headers: { Cookie: cookie } })),
      ),
    );

  test("newsletters staff and admins write; editors and finance are refused", async () => {
    const fields = { subjectEn: "Hello", bodyEn: "Plain words." };
    for (const role of ["editor", "finance", "user"] as const) {
      const { cookie } = await createUserSession(role);
      expect((await create(cookie, fields)).status).toBe(403);
    }
    expect(await db().select().from(newsletters)).toHaveLength(0);
    for (const role of ["newsletters", "admin"] as const) {
      const { cookie } = await createUserSession(role);
      expect((await create(cookie, fields)).status).toBe(302);
    }
    expect(await db().select().from(newsletters)).toHaveLength(2);
  });

  test("every refused link refuses the body with a message naming it; nothing is saved", async () => {
    const { cookie } = await createUserSession("newsletters");
    const refused = [
      "[click](javascript:alert(1))",
      "[click](JavaScript:alert(1))",
      "[data](data:text/html,hi)",
      "[other](//evil.example/path)",
      "[file](file:///etc/passwd)",
      "[vb](vbscript:msgbox)",
      "[tel](ftp://example.org/x)",
      "![a picture](https://evil.example/x.png)",
      "![](/files/photo.png)",
    ];
    for (const body of refused) {
      const result = await create(cookie, { subjectEn: "Hello", bodyEn: body });
      expect(result.status, body).toBe(400);
      expect((result.body as { errors: Record<string, string> }).errors.bodyEn, body).toMatch(
        /^Body in English: /,
      );
    }
    expect(await db().select().from(newsletters)).toHaveLength(0);
    const allowed = [
      "[site](/find-help)",
      "[web](https://example.org/a)",
      "[plain](http://example.org/a)",
      "[mail](mailto:info@example.org)",
      "![Volunteers at the shelter](/files/abc.png)",
      "## Heading\n\n- one\n- two\n\n1. first\n2. second\n\n**bold** and *italic*",
    ];
    for (const body of allowed) {
      expect((await create(cookie, { subjectEn: "Hello", bodyEn: body })).status, body).toBe(302);
    }
  });

  test("half a Spanish version and a missing subject are refused", async () => {
    const { cookie } = await createUserSession("newsletters");
    const result = await create(cookie, { subjectEn: "", bodyEn: "Text", subjectEs: "Hola" });
    expect(result.status).toBe(400);
    expect(Object.keys((result.body as { errors: object }).errors).sort()).toEqual([
      "bodyEs",
      "subjectEn",
    ]);
  });

  test("the editor: test send to the staff member, send now, counts; a past Send at is refused", async () => {
    const { cookie, user } = await createUserSession("newsletters");
    await subscriber();
    const id = await createIssue({
      subjectEn: "News",
      bodyEn: doc("Hi"),
      subjectEs: null,
      bodyEs: null,
    });
    const act = (fields: Record<string, string>) =>
      settle(
        editorAction(
          routeArgs(
            formRequest(`/admin/newsletters/${id}`, fields, { headers: { Cookie: cookie } }),
            { id },
          ),
        ),
      );
    const past = await act({ intent: "schedule", sendAt: "2001-01-01T10:00" });
    expect(past.status).toBe(400);
    expect((await act({ intent: "schedule", sendAt: "not a time" })).status).toBe(400);
    const test = await act({ intent: "test" });
    expect(await toastOf(test.body as Response)).toMatchObject({ title: "Test sent" });
    expect((await act({ intent: "send" })).status).toBe(302);
    await sendBatch(new Date());
    await stopOutboxWorker();
    await deliverDueMail(100);
    const recipients = (await outboxMessages()).map((raw) => raw.match(/^To: (.+)$/m)?.[1]);
    expect(recipients.sort()).toEqual([user.email, "rosa@example.org"].sort());
    const page = (await editorLoader(
      routeArgs(requestWithCookie(`/admin/newsletters/${id}`, cookie), { id }),
    )) as { counts: unknown; issue: { status: string } };
    expect(page.issue.status).toBe("sent");
    expect(page.counts).toEqual({ toSend: 0, sent: 1, failed: 0, skipped: 0 });
  });
});

describe("the archive", () => {
  test("lists sent issues only, newest first, in each language; an issue at its own address", async () => {
    await subscriber();
    const draft = await createIssue({
      subjectEn: "Draft",
      bodyEn: doc("No"),
      subjectEs: null,
      bodyEs: null,
    });
    const first = await createIssue({
      subjectEn: "First",
      bodyEn: doc("One"),
      subjectEs: "Primero",
      bodyEs: doc("Uno"),
    });
    const second = await createIssue({
      subjectEn: "Second",
      bodyEn: doc("Two"),
      subjectEs: null,
      bodyEs: null,
    });
    await startSend(first, AT);
    await sendBatch(AT);
    await startSend(second, new Date(AT.getTime() + 86_400_000));
    await sendBatch(new Date(AT.getTime() + 86_400_000));
    const english = (await archiveLoader(
      routeArgs(new Request("http://localhost:3000/newsletter")),
    )) as { issues: { id: string; subject: string }[] };
    expect(english.issues.map((issue) => issue.subject)).toEqual(["Second", "First"]);
    const spanish = (await archiveLoader(
      routeArgs(new Request("http://localhost:3000/es/newsletter")),
    )) as { issues: { subject: string; language: string }[] };
    expect(spanish.issues).toMatchObject([
      { subject: "Second", language: "en" },
      { subject: "Primero", language: "es" },
    ]);
    const page = (await issueLoader(
      routeArgs(new Request(`http://localhost:3000/es/newsletter/${first}`), { id: first }),
    )) as { issue: { subject: string; other: string } };
    expect(page.issue).toMatchObject({ subject: "Primero", other: "en" });
    expect(JSON.stringify(page)).not.toContain("rosa@example.org");
    const hidden = await settle(
      issueLoader(
        routeArgs(new Request(`http://localhost:3000/newsletter/${draft}`), { id: draft }),
      ),
    );
    expect(hidden.status).toBe(404);
  });
});
