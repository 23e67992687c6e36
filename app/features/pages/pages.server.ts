import { and, asc, eq, isNotNull, lte, ne, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageLanguages, pagePreviewTokens, pageRevisions, pages } from "#app/db/schema/pages";
import type { Locale } from "#app/i18n/locales";
import { emptyRichText, parseRichText, type RichTextDoc } from "#app/lib/rich-text";
import { IMPACT_ADDRESS, isPageImage } from "./addresses";
import { pagesChanged } from "./changes.server";

/**
 * Pages, their drafts and their publications (docs/decisions/281-pages-drafts-and-publishing.md).
 * Each language of a page is a row of its own: a save, a publication or a schedule names its
 * language, so nothing done to one language touches the other.
 */

export type PageLanguageRow = typeof pageLanguages.$inferSelect;

export interface PublishedPage {
  title: string;
  summary: string;
  body: RichTextDoc;
}

/** What a visitor sees at an address in a language, and which languages are published. */
export interface PublicPageView {
  page: PublishedPage;
  /** The language the page is shown in: the English one when the Spanish is not published. */
  shownIn: Locale;
  notTranslated: boolean;
  publishedLanguages: Locale[];
}

/** Checks a stored body again on the way out: a row written by an older schema never renders unchecked. */
function checkedBody(body: unknown): RichTextDoc {
  const parsed = parseRichText(body, { isOwnImage: isPageImage });
  return parsed.ok ? parsed.doc : emptyRichText;
}

/** The published page at `path` in `locale`, the English one when that language is not published. */
export async function publishedPage(path: string, locale: Locale): Promise<PublicPageView | null> {
  const rows = await db()
    .select({
      language: pageLanguages.language,
      title: pageLanguages.publishedTitle,
      summary: pageLanguages.publishedSummary,
      body: pageLanguages.publishedBody,
    })
    .from(pageLanguages)
    .innerJoin(pages, eq(pages.id, pageLanguages.pageId))
    .where(and(eq(pages.path, path), isNotNull(pageLanguages.publishedAt)));
  const published = new Map(rows.map((row) => [row.language as Locale, row]));
  const shown = published.get(locale) ?? published.get("en");
  if (!shown) return null;
  return {
    page: { title: shown.title ?? "", summary: shown.summary ?? "", body: checkedBody(shown.body) },
    shownIn: shown.language as Locale,
    notTranslated: shown.language !== locale,
    publishedLanguages: [...published.keys()].sort(),
  };
}

/**
 * Every published page's address with its published languages, for the sitemap; the impact
 * figures are a section of /home, which is in every language, not a page.
 */
export async function publishedAddresses(): Promise<{ path: string; languages: Locale[] }[]> {
  const rows = await db()
    .select({ path: pages.path, language: pageLanguages.language })
    .from(pageLanguages)
    .innerJoin(pages, eq(pages.id, pageLanguages.pageId))
    .where(and(isNotNull(pageLanguages.publishedAt), ne(pages.path, IMPACT_ADDRESS)))
    .orderBy(asc(pages.path), asc(pageLanguages.language));
  const byPath = new Map<string, Locale[]>();
  for (const row of rows) {
    byPath.set(row.path, [...(byPath.get(row.path) ?? []), row.language as Locale]);
  }
  return [...byPath].map(([path, languages]) => ({ path, languages }));
}

export async function pageByPath(path: string) {
  const [page] = await db().select().from(pages).where(eq(pages.path, path)).limit(1);
  return page ?? null;
}

export async function pageById(id: string) {
  const [page] = await db().select().from(pages).where(eq(pages.id, id)).limit(1);
  return page ?? null;
}

/** The page at `path`, made with an empty draft in each language if it has none yet. */
export async function ensurePage(path: string) {
  await db().insert(pages).values({ path }).onConflictDoNothing();
  const page = (await pageByPath(path))!;
  await db()
    .insert(pageLanguages)
    .values(
      (["en", "es"] as const).map((language) => ({
        pageId: page.id,
        language,
        draftBody: emptyRichText,
      })),
    )
    .onConflictDoNothing();
  return page;
}

export async function pageLanguage(pageId: string, language: Locale) {
  const [row] = await db()
    .select()
    .from(pageLanguages)
    .where(and(eq(pageLanguages.pageId, pageId), eq(pageLanguages.language, language)))
    .limit(1);
  return row ?? null;
}

/** Every page with both its languages, by address, for the Pages tab. */
export async function listPages() {
  const rows = await db()
    .select({ page: pages, language: pageLanguages })
    .from(pages)
    .innerJoin(pageLanguages, eq(pageLanguages.pageId, pages.id))
    .orderBy(asc(pages.path));
  const byPage = new Map<
    string,
    { id: string; path: string; languages: Partial<Record<Locale, PageLanguageRow>> }
  >();
  for (const { page, language } of rows) {
    const entry = byPage.get(page.id) ?? { id: page.id, path: page.path, languages: {} };
    entry.languages[language.language as Locale] = language;
    byPage.set(page.id, entry);
  }
  return [...byPage.values()];
}

/**
 * A language's state for the tab: the Spanish is "out of date" when the English was published
 * after it, until it is published again.
 */
export function languageState(
  row: PageLanguageRow | undefined,
  english: PageLanguageRow | undefined,
): "not-published" | "published" | "changed" | "out-of-date" {
  if (!row?.publishedAt) return "not-published";
  if (row.language === "es" && english?.publishedAt && english.publishedAt > row.publishedAt) {
    return "out-of-date";
  }
  return (row.publishedVersion ?? 0) < row.draftVersion ? "changed" : "published";
}

export interface DraftInput {
  title: string;
  summary: string;
  body: RichTextDoc;
}

export type SaveResult =
  | { saved: true; version: number }
  | { saved: false; current: PageLanguageRow };

/**
 * Saves a language's draft if nobody saved it since `openedVersion`; otherwise nothing is written
 * and the other save's draft comes back, to be shown beside the refused one.
 */
export async function saveDraft(
  pageId: string,
  language: Locale,
  openedVersion: number,
  draft: DraftInput,
  by: string,
  at: Date,
): Promise<SaveResult> {
  const [saved] = await db()
    .update(pageLanguages)
    .set({
      draftTitle: draft.title,
      draftSummary: draft.summary,
      draftBody: draft.body,
      draftVersion: sql`${pageLanguages.draftVersion} + 1`,
      draftUpdatedAt: at,
      draftUpdatedBy: by,
    })
    .where(
      and(
        eq(pageLanguages.pageId, pageId),
        eq(pageLanguages.language, language),
        eq(pageLanguages.draftVersion, openedVersion),
      ),
    )
    .returning({ version: pageLanguages.draftVersion });
  if (saved) return { saved: true, version: saved.version };
  const current = await pageLanguage(pageId, language);
  if (!current) throw new Error(`no ${language} draft for page ${pageId}`);
  return { saved: false, current };
}

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * Publishes the locked row's draft in `tx`: the published version, a revision, the schedule
 * cleared and the preview links of that language ended.
 */
async function publishLocked(tx: Transaction, row: PageLanguageRow, by: string, at: Date) {
  const title = row.draftTitle;
  await tx
    .update(pageLanguages)
    .set({
      publishedTitle: title,
      publishedSummary: row.draftSummary,
      publishedBody: row.draftBody,
      publishedAt: at,
      publishedVersion: row.draftVersion,
      publishAt: null,
      publishRequestedBy: null,
    })
    .where(and(eq(pageLanguages.pageId, row.pageId), eq(pageLanguages.language, row.language)));
  await tx.insert(pageRevisions).values({
    pageId: row.pageId,
    language: row.language,
    title,
    summary: row.draftSummary,
    body: row.draftBody,
    publishedBy: by,
    publishedAt: at,
  });
  await tx
    .delete(pagePreviewTokens)
    .where(
      and(eq(pagePreviewTokens.pageId, row.pageId), eq(pagePreviewTokens.language, row.language)),
    );
}

export type PublishResult = "published" | "changed" | "untitled";

/**
 * Publishes one language's draft as it was opened (`openedVersion`): a draft saved by someone
 * else meanwhile is not published unseen.
 */
export async function publishDraft(
  pageId: string,
  language: Locale,
  openedVersion: number,
  by: string,
  at: Date,
): Promise<PublishResult> {
  const result = await db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pageLanguages)
      .where(and(eq(pageLanguages.pageId, pageId), eq(pageLanguages.language, language)))
      .for("update");
    if (!row || row.draftVersion !== openedVersion) return "changed" as const;
    if (row.draftTitle.trim() === "") return "untitled" as const;
    await publishLocked(tx, row, by, at);
    return "published" as const;
  });
  if (result === "published") pagesChanged();
  return result;
}

/** Sets (or clears, with null) the moment a language's draft publishes itself. */
export async function schedulePublication(
  pageId: string,
  language: Locale,
  at: Date | null,
  by: string,
) {
  await db()
    .update(pageLanguages)
    .set({ publishAt: at, publishRequestedBy: at ? by : null })
    .where(and(eq(pageLanguages.pageId, pageId), eq(pageLanguages.language, language)));
}

/**
 * Publishes every draft whose time has come, each once: the row is locked and skipped by any
 * other process working at the same moment, and its schedule is cleared in the transaction that
 * publishes it, so a process started after a crash finds only what is still due.
 */
export async function publishDuePages(at: Date): Promise<number> {
  const published = await db().transaction(async (tx) => {
    const due = await tx
      .select()
      .from(pageLanguages)
      .where(and(isNotNull(pageLanguages.publishAt), lte(pageLanguages.publishAt, at)))
      .orderBy(asc(pageLanguages.publishAt))
      .limit(50)
      .for("update", { skipLocked: true });
    for (const row of due) {
      await publishLocked(tx, row, `${row.publishRequestedBy ?? "staff"} (scheduled)`, at);
    }
    return due.length;
  });
  if (published > 0) pagesChanged();
  return published;
}

/** A language's draft as a page, for the preview. */
export function draftView(row: PageLanguageRow): PublishedPage {
  return { title: row.draftTitle, summary: row.draftSummary, body: checkedBody(row.draftBody) };
}
