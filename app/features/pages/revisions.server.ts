import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageLanguages, pageRevisions } from "#app/db/schema/pages";
import type { Locale } from "#app/i18n/locales";

/**
 * A page's revisions: each publication of a language is kept, and any of them can be made the
 * draft again (docs/decisions/281-pages-drafts-and-publishing.md).
 */

/** A language's revisions, newest first. */
export async function listRevisions(pageId: string, language: Locale) {
  return db()
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.pageId, pageId), eq(pageRevisions.language, language)))
    .orderBy(desc(pageRevisions.publishedAt));
}

async function revisionById(id: string) {
  const [row] = await db().select().from(pageRevisions).where(eq(pageRevisions.id, id)).limit(1);
  return row ?? null;
}

/** Makes a revision the draft of its language again: a new draft version, nothing published. */
export async function restoreRevision(revisionId: string, by: string, at: Date) {
  const revision = await revisionById(revisionId);
  if (!revision) return false;
  await db()
    .update(pageLanguages)
    .set({
      draftTitle: revision.title,
      draftSummary: revision.summary,
      draftBody: revision.body,
      draftVersion: sql`${pageLanguages.draftVersion} + 1`,
      draftUpdatedAt: at,
      draftUpdatedBy: by,
    })
    .where(
      and(eq(pageLanguages.pageId, revision.pageId), eq(pageLanguages.language, revision.language)),
    );
  return true;
}
