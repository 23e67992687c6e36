/** Requests and database snapshots shared by the dashboard test files. */
import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import type { Role } from "#app/lib/auth/roles";
import { createUserSession } from "#tests/auth-utils";
import { multipartRequest } from "#tests/resources-fixtures";
import { formRequest } from "#tests/utils";

export { fieldErrors, settle } from "./public-forms";

const BASE = "http://localhost:3000";

/** A GET as a browser sends it, with the session cookie when there is one. */
export function getRequest(url: string, cookie?: string) {
  return new Request(new URL(url, BASE), { headers: cookie ? { Cookie: cookie } : {} });
}

/** A url-encoded form POST with the session cookie when there is one. */
export function postRequest(url: string, fields: Record<string, string>, cookie?: string) {
  return formRequest(url, fields, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A multipart POST (encoded body and Content-Length) with the session cookie. */
export async function uploadRequest(
  url: string,
  fields: Record<string, string | File>,
  cookie?: string,
) {
  const encoded = await multipartRequest(url, fields);
  const headers = new Headers(encoded.headers);
  if (cookie) headers.set("Cookie", cookie);
  return new Request(encoded.url, {
    method: "POST",
    headers,
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
}

export type Visitor = "anonymous" | Role;
export const visitors: Visitor[] = [
  "anonymous",
  "user",
  "editor",
  "finance",
  "newsletters",
  "pages",
  "admin",
];

/** A real signed-in session for each role (none for anonymous). */
export async function sessionsByVisitor(): Promise<Record<Visitor, string | undefined>> {
  const cookies: Record<Visitor, string | undefined> = {
    anonymous: undefined,
    user: undefined,
    editor: undefined,
    finance: undefined,
    newsletters: undefined,
    pages: undefined,
    admin: undefined,
  };
  for (const role of ["user", "editor", "finance", "newsletters", "pages", "admin"] as const) {
    cookies[role] = (await createUserSession(role)).cookie;
  }
  return cookies;
}

/**
 * Everything a dashboard request could change, as text: the library, the submissions, the
 * donations and every account's role. Sessions are left out (signing in writes them).
 */
export async function snapshot(): Promise<string> {
  const tables = [
    "documents",
    "statistics",
    "external_links",
    "newsletter_subscriptions",
    "donations",
    "contact_messages",
    "volunteer_signups",
    "partnership_inquiries",
  ];
  const parts: unknown[] = [];
  for (const table of tables) {
    parts.push(await selectRows(sql.raw(`select * from "${table}" order by id`)));
  }
  parts.push(await selectRows(sql`select id, email, role from "user" order by id`));
  return JSON.stringify(parts);
}
