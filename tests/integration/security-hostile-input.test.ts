import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { action as usersAction } from "#app/features/accounts/admin/users-tab";
import { loader as authLoader } from "#app/features/accounts/routes/auth-api";
import { action as forgotAction } from "#app/features/accounts/routes/forgot-password";
import { action as loginAction } from "#app/features/accounts/routes/login";
import { action as logoutAction } from "#app/features/accounts/routes/logout";
import { action as resetAction } from "#app/features/accounts/routes/reset-password";
import { action as sessionsAction } from "#app/features/accounts/routes/sessions";
import { loader as successLoader } from "#app/features/donations/routes/donation-success";
import {
  action as manageAction,
  loader as manageLoader,
} from "#app/features/donations/routes/manage";
import { action as payAction, loader as payLoader } from "#app/features/donations/routes/pay";
import { action as webhookAction } from "#app/features/donations/routes/stripe-webhook";
import { action as contactAction } from "#app/features/forms/routes/contact";
import { action as partnershipsAction } from "#app/features/forms/routes/partnerships";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "#app/features/forms/routes/unsubscribe";
import { action as volunteerAction } from "#app/features/forms/routes/volunteer";
import { action as documentsAction } from "#app/features/library/admin/documents-tab";
import { action as linksAction } from "#app/features/library/admin/links-tab";
import { action as statisticsAction } from "#app/features/library/admin/statistics-tab";
import { loader as fileLoader } from "#app/features/library/routes/files";
import { loader as resourcesLoader } from "#app/features/library/routes/resources";
import { action as uploadAction } from "#app/features/library/routes/upload";
import { loader as altchaLoader } from "#app/site/routes/altcha-challenge";
import { action as donateAction } from "#app/site/routes/donate";
import { action as homeAction } from "#app/site/routes/home";
import { action as indexAction } from "#app/site/routes/index";
import { action as launchAction } from "#app/site/routes/launch";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs } from "#tests/utils";
import { snapshot } from "./admin-helpers";
import { nextClientIp, settle } from "./public-forms";

/**
 * Random and hostile input at every action and API route
 * (docs/decisions/135-hostile-input-tests.md): the answer is never a 500 (nor an error thrown past
 * the route), never the attacker's markup echoed into HTML, and a refused request (4xx) leaves
 * every table as it was.
 */

const BASE = "http://localhost:3000";
const PAYLOAD = "<script>alert(1)</script>";

const hostileText = fc.oneof(
  fc.constantFrom(
    PAYLOAD,
    `"><img src=x onerror=alert(1)>`,
    "'; DROP TABLE newsletter_subscriptions; --",
    "' OR '1'='1",
    "1; SELECT pg_sleep(5)",
    "\u0000",
    "\ud800",
    "\u202e\u0645\u0631\u062d\u0628\u0627",
    "Z\u0351\u0360\u0315a\u0362l\u035fg\u0489o",
    "𝕏".repeat(300),
    "a".repeat(100_000),
    "=cmd|' /C calc'!A0",
    "../../../../etc/passwd",
    "{{7*7}}#{7*7}<%= 7*7 %>",
    "-1",
    "0",
    "1e309",
    "NaN",
    "4242424242424242",
    "[object Object]",
    "true",
    "",
    " ",
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Names the forms use, plus any random name (extra fields). */
const fieldName = fc.oneof(
  fc.constantFrom(
    "email",
    "firstName",
    "name",
    "message",
    "phone",
    "company",
    "opportunity",
    "password",
    "confirmPassword",
    "token",
    "intent",
    "id",
    "title",
    "description",
    "url",
    "category",
    "source",
    "sourceUrl",
    "date",
    "role",
    "userId",
    "sessionId",
    "amount",
    "customAmount",
    "frequency",
    "type",
    "donorName",
    "donorEmail",
    "coverFee",
    "anonymous",
    "newsletter",
    "altcha",
    "publish",
    "tab",
    "cardNumber",
    "expiry",
    "cvc",
    "website",
  ),
  fc.string({ minLength: 1, maxLength: 30 }),
);

const hostileFields = fc.dictionary(fieldName, hostileText, { maxKeys: 8 });

type Handler = (args: never) => unknown;
interface Target {
  name: string;
  path: string;
  handler: Handler;
  params?: Record<string, string>;
  /** A signed-in role whose session the request carries. */
  as?: "admin";
}

const formTargets: Target[] = [
  { name: "home newsletter", path: "/home", handler: homeAction },
  { name: "index (home or launch)", path: "/", handler: indexAction },
  { name: "launch newsletter", path: "/launch", handler: launchAction },
  { name: "contact", path: "/contact", handler: contactAction },
  { name: "volunteer", path: "/volunteer", handler: volunteerAction },
  { name: "partnerships", path: "/partnerships", handler: partnershipsAction },
  { name: "unsubscribe", path: "/unsubscribe", handler: unsubscribeAction },
  { name: "login", path: "/login", handler: loginAction },
  { name: "sign-up", path: "/login?tab=signup", handler: loginAction },
  { name: "forgot password", path: "/forgot-password", handler: forgotAction },
  { name: "reset password", path: "/reset-password", handler: resetAction },
  { name: "logout", path: "/logout", handler: logoutAction },
  { name: "resource upload", path: "/resources/upload", handler: uploadAction },
  { name: "donate", path: "/donate", handler: donateAction },
  { name: "manage gift", path: "/donate/manage", handler: manageAction },
  {
    name: "pay",
    path: "/donate/pay/00000000-0000-4000-8000-000000000000",
    handler: payAction,
    params: { id: "00000000-0000-4000-8000-000000000000" },
  },
  { name: "stripe webhook", path: "/api/stripe/webhook", handler: webhookAction },
  { name: "admin documents", path: "/admin/documents", handler: documentsAction, as: "admin" },
  { name: "admin statistics", path: "/admin/statistics", handler: statisticsAction, as: "admin" },
  { name: "admin links", path: "/admin/links", handler: linksAction, as: "admin" },
  { name: "admin users", path: "/admin/users", handler: usersAction, as: "admin" },
  { name: "account sessions", path: "/account/sessions", handler: sessionsAction, as: "admin" },
];

const queryTargets: Target[] = [
  { name: "unsubscribe link", path: "/unsubscribe", handler: unsubscribeLoader },
  { name: "manage link", path: "/donate/manage", handler: manageLoader },
  { name: "donation success", path: "/donation-success", handler: successLoader },
  { name: "resources search", path: "/resources", handler: resourcesLoader },
  { name: "altcha challenge", path: "/api/altcha/challenge", handler: altchaLoader },
  { name: "auth e-mail links", path: "/api/auth/verify-email", handler: authLoader },
  {
    name: "export",
    path: "/admin/export/donations.csv",
    handler: exportLoader,
    params: { file: "donations.csv" },
    as: "admin",
  },
  {
    name: "pay page",
    path: "/donate/pay/x",
    handler: payLoader,
    params: { id: "x" },
  },
  { name: "file", path: "/files/x", handler: fileLoader, params: { key: "x" } },
];

let adminCookie: string;
beforeAll(async () => {
  adminCookie = (await createUserSession("admin")).cookie;
});

function headersFor(target: Target, extra: Record<string, string> = {}) {
  const headers = new Headers(extra);
  headers.set("x-client-ip", nextClientIp());
  if (target.as) headers.set("Cookie", adminCookie);
  return headers;
}

/** Runs the route and checks what every answer must be; returns the status. */
async function answer(target: Target, request: Request): Promise<number> {
  const { status, body } = await settle(
    Promise.resolve().then(() =>
      (target.handler as (args: unknown) => unknown)(routeArgs(request, target.params)),
    ),
  );
  expect(status, `${target.name} answered ${status}`).toBeLessThan(500);
  if (body instanceof Response && !body.bodyUsed) {
    const type = body.headers.get("Content-Type") ?? "";
    if (type.includes("html") || type.includes("text/plain")) {
      expect(await body.text()).not.toContain(PAYLOAD);
    }
  }
  return status;
}

/** A refused request changes nothing; the snapshot ignores sessions (sign-in writes them). */
async function expectNoPartialWrite(target: Target, request: () => Request) {
  const before = await snapshot();
  const status = await answer(target, request());
  if (status >= 400) expect(await snapshot(), `${target.name} wrote on ${status}`).toBe(before);
}

const RUNS = 8;

describe("hostile form posts", () => {
  for (const target of formTargets) {
    test(`${target.name}: url-encoded`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileFields, async (fields) => {
          await expectNoPartialWrite(
            target,
            () =>
              new Request(new URL(target.path, BASE), {
                method: "POST",
                headers: headersFor(target, {
                  "Content-Type": "application/x-www-form-urlencoded",
                }),
                body: new URLSearchParams(fields),
              }),
          );
        }),
        { numRuns: RUNS },
      );
    });

    test(`${target.name}: multipart, wrong and missing content types`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileFields,
          fc.constantFrom("multipart", "truncated multipart", "json", "garbage", "no type"),
          async (fields, shape) => {
            await expectNoPartialWrite(target, () => hostileRequest(target, fields, shape));
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

/** The same fields in the wrong or a broken envelope. */
function hostileRequest(target: Target, fields: Record<string, string>, shape: string): Request {
  const url = new URL(target.path, BASE);
  if (shape === "multipart") {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append("file", new File([PAYLOAD], "<svg onload=alert(1)>.pdf", { type: "text/html" }));
    // The body sets its own Content-Type, with its boundary.
    return new Request(url, { method: "POST", headers: headersFor(target), body: form });
  }
  if (shape === "truncated multipart") {
    // A body cut off before its closing boundary, as a dropped connection leaves it.
    const boundary = "----hostile-boundary";
    const parts = Object.entries(fields)
      .map(
        ([key, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      )
      .join("");
    return new Request(url, {
      method: "POST",
      headers: headersFor(target, { "Content-Type": `multipart/form-data; boundary=${boundary}` }),
      body: `${parts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 cut`,
    });
  }
  const body = shape === "json" ? JSON.stringify(fields) : `\u0000\uffff%%%${PAYLOAD}&=&==`;
  return new Request(url, {
    method: "POST",
    headers: headersFor(
      target,
      shape === "no type"
        ? {}
        : { "Content-Type": shape === "json" ? "application/json" : "text/plain" },
    ),
    body,
  });
}

describe("hostile query strings", () => {
  for (const target of queryTargets) {
    test(target.name, async () => {
      await fc.assert(
        fc.asyncProperty(hostileFields, async (fields) => {
          const url = new URL(target.path, BASE);
          for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
          await answer(target, new Request(url, { headers: headersFor(target) }));
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe("oversized bodies", () => {
  const oversized = formTargets.filter((target) =>
    ["resource upload", "admin documents", "contact"].includes(target.name),
  );
  for (const target of oversized) {
    test(`${target.name}: a body over the upload limit changes nothing`, async () => {
      await expectNoPartialWrite(target, () => {
        const form = new FormData();
        form.append("title", "Big");
        form.append("file", new File([new Uint8Array(11 * 1024 * 1024)], "big.pdf"));
        return new Request(new URL(target.path, BASE), {
          method: "POST",
          headers: headersFor(target),
          body: form,
        });
      });
    });
  }
});
