import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageLanguages, pagePreviewTokens, pages } from "#app/db/schema/pages";
import type { Locale } from "#app/i18n/locales";
import { draftView } from "./pages.server";

/**
 * Preview links: a draft shown to someone without an account, by a token in its address
 * (docs/decisions/281-pages-drafts-and-publishing.md). Only the token's hash is stored.
 */

export const PREVIEW_DAYS = 7;

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A new preview link's token for one language's draft, good for PREVIEW_DAYS or until published. */
export async function createPreviewToken(pageId: string, language: Locale, at: Date) {
  const token = randomBytes(24).toString("base64url");
  await db()
    .insert(pagePreviewTokens)
    .values({
      tokenHash: hashToken(token),
      pageId,
      language,
      expiresAt: new Date(at.getTime() + PREVIEW_DAYS * 24 * 3600 * 1000),
      createdAt: at,
    });
  return token;
}

/** The draft a preview token opens, or null: unknown, expired, or its language published since. */
export async function draftForPreviewToken(token: string, at: Date) {
  if (token.length > 100) return null;
  const [row] = await db()
    .select({ path: pages.path, language: pageLanguages, expiresAt: pagePreviewTokens.expiresAt })
    .from(pagePreviewTokens)
    .innerJoin(
      pageLanguages,
      and(
        eq(pageLanguages.pageId, pagePreviewTokens.pageId),
        eq(pageLanguages.language, pagePreviewTokens.language),
      ),
    )
    .innerJoin(pages, eq(pages.id, pagePreviewTokens.pageId))
    .where(eq(pagePreviewTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.expiresAt <= at) return null;
  return {
    path: row.path,
    language: row.language.language as Locale,
    draft: draftView(row.language),
  };
}
