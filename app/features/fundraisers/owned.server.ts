import { desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { type Locale, localizePath } from "#app/i18n/locales";
import { ownerPath, ownerToken } from "./owner-link.server";

/** The fundraiser pages an address started, newest first, each with its owner's management page. */
export async function fundraisersOwnedBy(email: string, locale: Locale) {
  const rows = await db()
    .select({ id: fundraisers.id, title: fundraisers.title, status: fundraisers.status })
    .from(fundraisers)
    .where(eq(fundraisers.ownerEmail, email))
    .orderBy(desc(fundraisers.createdAt));
  return rows.map((row) => ({
    ...row,
    path: localizePath(ownerPath(ownerToken(row.id)), locale),
  }));
}
