/**
 * A fundraiser page's own share card (docs/decisions/226-fundraiser-share-cards.md): the main
 * pages' card (app/lib/preview-card.ts) with the page's title and its owner's first name, drawn on
 * request and kept in memory, since a shared link brings every preview fetcher at once.
 */
import { and, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { serverT } from "#app/i18n/catalogs.server";
import type { Locale } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { renderCard } from "#app/lib/preview-card.server";
import { firstName } from "./mails.server";
import { PUBLIC_STATUSES } from "./status";

/** Cards kept, newest drawn last; the title is in the key, so an edit draws a new card. */
const KEPT = 100;
const cards = new Map<string, Buffer>();

/** The PNG card of a public page in `locale`, or null when no public page has that slug. */
export async function shareCard(slug: string, locale: Locale): Promise<Buffer | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [page] = await db()
    .select({ title: fundraisers.title, ownerName: fundraisers.ownerName })
    .from(fundraisers)
    .where(and(eq(fundraisers.slug, slug), inArray(fundraisers.status, [...PUBLIC_STATUSES])));
  if (!page) return null;
  const name = firstName(page.ownerName);
  const key = JSON.stringify([locale, slug, page.title, name]);
  const kept = cards.get(key);
  if (kept) return kept;
  const t = serverT(locale);
  const png = renderCard({
    org: env().ORG_NAME,
    heading: page.title,
    text: t("fundraising.page.cardText", { name }),
  });
  cards.set(key, png);
  if (cards.size > KEPT) cards.delete(cards.keys().next().value as string);
  return png;
}
