import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { createCookie } from "react-router";
import { newAltchaChallenge } from "#app/lib/altcha.server";
import { outboxDir } from "#app/lib/mail.server";
import { sessionSecret } from "#app/lib/secret.server";
import { type Toast, toastSchema } from "#app/lib/toast.server";

/** Arguments a route action or loader receives, for a given Request. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: { requestId: "test" } } as never;
}

/** A solved proof of work, as the browser's altcha widget sends it (app/lib/altcha.server.ts). */
export async function altchaProof() {
  const challenge = await newAltchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A form POST as a browser sends it (url-encoded), from a given client address. */
export function formRequest(
  url: string,
  fields: Record<string, string>,
  {
    clientIp = "203.0.113.1",
    headers = {},
  }: { clientIp?: string; headers?: Record<string, string> } = {},
) {
  return new Request(new URL(url, "http://localhost:3000"), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "x-client-ip": clientIp,
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

/** The toast a redirect carries in its flash cookie, decoded with the real cookie. */
export async function toastOf(response: Response): Promise<Toast | null> {
  // A response may set other cookies too (a login sets the session's).
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("toast="));
  if (!setCookie) return null;
  const cookie = createCookie("toast", { secrets: [sessionSecret()] });
  const value = await cookie.parse(setCookie.split(";")[0]);
  const parsed = toastSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Every e-mail in the outbox, as raw MIME text, oldest first. */
export async function outboxMessages(): Promise<string[]> {
  const dir = outboxDir();
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.sort().map((file) => readFile(path.join(dir, file), "utf8")));
}

/** Decodes a quoted-printable MIME body enough to read links and text in assertions. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}
