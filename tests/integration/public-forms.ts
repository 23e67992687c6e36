/**
 * Checks every public form must pass (refused methods and content types, honeypot, empty,
 * over-long and malformed input, markup kept as text), shared by the form test files.
 */
import { expect, test } from "vitest";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { formRequest, outboxMessages, toastOf } from "#tests/utils";

export type Submit = (request: Request) => Promise<unknown>;

/** What an action answered or threw: a redirect Response, or `data(...)` with its status. */
export async function settle(
  pending: Promise<unknown>,
): Promise<{ status: number; body: unknown }> {
  let value: unknown;
  try {
    value = await pending;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: value };
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200, body: value.data };
  if (value instanceof Error) throw value;
  return { status: 200, body: value };
}

function isDataWithInit(
  value: unknown,
): value is { data: unknown; init: { status?: number } | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** Field errors of a Conform reply the action answered with (status 400). */
export function fieldErrors(body: unknown): Record<string, string[]> {
  return ((body as { error?: Record<string, string[]> }).error ?? {}) as Record<string, string[]>;
}

let clientCounter = 0;
/** A fresh client address per request, so the per-client rate limit never interferes. */
export function nextClientIp() {
  clientCounter += 1;
  return `client-${clientCounter}`;
}

export function post(url: string, fields: Record<string, string>) {
  return formRequest(url, fields, { clientIp: nextClientIp() });
}

export interface GuardOptions {
  url: string;
  submit: Submit;
  /** A submission that succeeds. */
  valid: Record<string, string>;
  /** Counts the rows the form writes. */
  countRows: () => Promise<number>;
  successTitle: string;
  /** Text fields that keep what was typed, with their maximum length. */
  textFields: Record<string, number>;
  /** Reads back the stored row (after one valid submission). */
  storedRow: () => Promise<Record<string, unknown>>;
}

/** Declares the shared bad-input tests for one form. */
export function publicFormGuards(options: GuardOptions) {
  const { url, submit, valid, countRows } = options;

  test("refuses GET and PUT with 405, and JSON with 415, storing nothing", async () => {
    for (const method of ["GET", "PUT"]) {
      const request =
        method === "GET"
          ? new Request(new URL(url, "http://localhost:3000"))
          : new Request(new URL(url, "http://localhost:3000"), {
              method,
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(valid),
            });
      expect((await settle(submit(request))).status).toBe(405);
    }
    const json = new Request(new URL(url, "http://localhost:3000"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect((await settle(submit(json))).status).toBe(415);
    expect(await countRows()).toBe(0);
  });

  test("a filled honeypot gets the success toast but stores and sends nothing", async () => {
    const response = await submit(post(url, { ...valid, [HONEYPOT_FIELD]: "http://spam.example" }));
    expect((await toastOf(response as Response))?.title).toBe(options.successTitle);
    expect(await countRows()).toBe(0);
    expect(await outboxMessages()).toEqual([]);
  });

  test("empty fields are refused with a message for each required field", async () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ""]));
    const { status, body } = await settle(submit(post(url, { ...valid, ...empty })));
    expect(status).toBe(400);
    const errors = fieldErrors(body);
    for (const field of [...Object.keys(options.textFields), "email"]) {
      expect(errors[field]?.[0], field).toMatch(/^Please enter/);
    }
    expect(await countRows()).toBe(0);
  });

  test("over-long fields are refused", async () => {
    for (const [field, max] of Object.entries({ ...options.textFields, email: 254 })) {
      const long = field === "email" ? `${"a".repeat(250)}@example.org` : "x".repeat(max + 1);
      const { status, body } = await settle(submit(post(url, { ...valid, [field]: long })));
      expect(status, field).toBe(400);
      expect(fieldErrors(body)[field]?.[0], field).toBe(
        `Please use at most ${field === "email" ? 254 : max} characters.`,
      );
    }
    expect(await countRows()).toBe(0);
  });

  test("a malformed e-mail address is refused, markup included", async () => {
    for (const email of ["not-an-email", "ana@", "<script>alert(1)</script>@example.org"]) {
      const { status, body } = await settle(submit(post(url, { ...valid, email })));
      expect(status, email).toBe(400);
      expect(fieldErrors(body).email?.[0]).toBe(
        "Please enter a valid email address, such as name@example.org.",
      );
    }
    expect(await countRows()).toBe(0);
  });

  test("markup in text fields is stored verbatim", async () => {
    const markup = Object.fromEntries(
      Object.keys(options.textFields).map((field) => [
        field,
        `<script>alert("${field}")</script><b>&amp;</b>`,
      ]),
    );
    const response = await submit(post(url, { ...valid, ...markup }));
    expect((response as Response).status).toBe(302);
    const row = await options.storedRow();
    for (const [field, value] of Object.entries(markup)) expect(row[field]).toBe(value);
  });
}
