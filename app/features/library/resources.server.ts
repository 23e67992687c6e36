import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server";
import { documents, externalLinks, searchableText, statistics } from "#app/db/schema/library";
import { newObjectKey, storage } from "#app/lib/storage/index.server";
import type { LibraryKind } from "./kinds";
import { formatKilobytes } from "./uploads";
import type { UploadResult } from "./uploads.server";

/** The public URL of a stored library file; the /files route serves it. */
export function fileUrlFor(key: string): string {
  return `/files/${encodeURIComponent(key)}`;
}

export const RESOURCES_PAGE_SIZE = 12;

// Each kind of library item is listed on its own tab of /resources (app/features/library/kinds.ts).
export type { LibraryKind };

type LibraryChangeListener = (kind: LibraryKind) => void;
const libraryChangeListeners = new Set<LibraryChangeListener>();

/**
 * Tells the page cache (server/page-cache.ts) which kind of item changed what the public sees, so
 * it drops exactly the pages listing that kind. Returns the function that stops listening.
 */
export function onLibraryChange(listener: LibraryChangeListener): () => void {
  libraryChangeListeners.add(listener);
  return () => libraryChangeListeners.delete(listener);
}

/** Call after publishing, unpublishing, editing or deleting an item the public can see. */
export function libraryChanged(kind: LibraryKind) {
  forgetPublishedPages(kind);
  for (const listener of libraryChangeListeners) listener(kind);
}

/** A LIKE pattern matching `term` anywhere, with its own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface Searchable {
  isPublished: PgColumn;
  createdAt: PgColumn;
  id: PgColumn;
  title: PgColumn;
  description: PgColumn;
}

/**
 * Published rows; `term` matches title or description ignoring case and accents, through the
 * trigram index on the same folded text (docs/decisions/102-search-indexes.md).
 */
function publishedWhere(columns: Searchable, term: string): SQL | undefined {
  const published = eq(columns.isPublished, true);
  if (term === "") return published;
  return and(published, sql`${searchableText(columns)} like search_fold(${containsPattern(term)})`);
}

export interface PageRequest {
  term: string;
  page: number;
  pageSize?: number;
}

export interface PageOf<Row> {
  items: Row[];
  page: number;
  hasNext: boolean;
}

// One extra row tells whether a next page exists, without counting 100,000 rows.
function pageOf<Row>(rows: Row[], page: number, pageSize: number): PageOf<Row> {
  return { items: rows.slice(0, pageSize), page, hasNext: rows.length > pageSize };
}

/** What each kind's public list shows, and the table it comes from. */
const listings = {
  documents: {
    table: documents,
    columns: {
      id: documents.id,
      title: documents.title,
      description: documents.description,
      titleEs: documents.titleEs,
      descriptionEs: documents.descriptionEs,
      fileUrl: documents.fileUrl,
      fileType: documents.fileType,
      fileSize: documents.fileSize,
      createdAt: documents.createdAt,
    },
  },
  statistics: {
    table: statistics,
    columns: {
      id: statistics.id,
      title: statistics.title,
      description: statistics.description,
      titleEs: statistics.titleEs,
      descriptionEs: statistics.descriptionEs,
      source: statistics.source,
      sourceUrl: statistics.sourceUrl,
      date: statistics.date,
      createdAt: statistics.createdAt,
    },
  },
  links: {
    table: externalLinks,
    columns: {
      id: externalLinks.id,
      title: externalLinks.title,
      description: externalLinks.description,
      titleEs: externalLinks.titleEs,
      descriptionEs: externalLinks.descriptionEs,
      url: externalLinks.url,
      category: externalLinks.category,
      createdAt: externalLinks.createdAt,
    },
  },
} as const satisfies Record<LibraryKind, unknown>;

/**
 * One page of a kind's published items, newest first, as the /resources page asks for it; a
 * query builder, so tests and the bench can EXPLAIN exactly what runs.
 */
export function publishedQuery<Kind extends LibraryKind>(
  kind: Kind,
  { term, page, pageSize = RESOURCES_PAGE_SIZE }: PageRequest,
) {
  const { table, columns } = listings[kind];
  return db()
    .select(columns as (typeof listings)[Kind]["columns"])
    .from(table)
    .where(publishedWhere(table, term))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
}

async function publishedPage<Kind extends LibraryKind>(kind: Kind, request: PageRequest) {
  const rows = await publishedQuery(kind, request);
  return pageOf(rows, request.page, request.pageSize ?? RESOURCES_PAGE_SIZE);
}

/** A page of one kind, naming its kind so the resources page can tell the lists apart. */
export type PublishedList = {
  [Kind in LibraryKind]: { kind: Kind } & Awaited<ReturnType<typeof publishedPage<Kind>>>;
}[LibraryKind];

/**
 * A rush of visitors searches for the same few words: each page of results is read once and reused
 * for up to a second (docs/decisions/212-search-results-read-once-a-second.md). A change made here
 * forgets the kind's pages before the page cache hears of it (libraryChanged); one made in another
 * process arrives with the page cache's invalidation, which forgets them too (server/app.ts).
 */
const PAGE_REUSE_MS = 1000;
/** Pages kept per kind, the least recently used going first: a flood of new terms only evicts. */
const PAGES_KEPT = 100;
interface ReusedPage {
  readAt: number;
  list: Promise<PublishedList>;
}
const reusedPages = new Map<LibraryKind, Map<string, ReusedPage>>();

/** Drops the reused pages of `kind` (of every kind when omitted): the next request reads again. */
export function forgetPublishedPages(kind?: LibraryKind) {
  if (kind) reusedPages.delete(kind);
  else reusedPages.clear();
}

export function publishedList(kind: LibraryKind, request: PageRequest): Promise<PublishedList> {
  const pages = reusedPages.get(kind) ?? new Map<string, ReusedPage>();
  reusedPages.set(kind, pages);
  const key = JSON.stringify([request.term, request.page, request.pageSize]);
  const reused = pages.get(key);
  pages.delete(key);
  if (reused && Date.now() - reused.readAt < PAGE_REUSE_MS) {
    pages.set(key, reused);
    return reused.list;
  }
  const read: ReusedPage = {
    readAt: Date.now(),
    list: publishedPage(kind, request).then((page) => ({ kind, ...page }) as PublishedList),
  };
  pages.set(key, read);
  if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value as string);
  // A failed read is not reused.
  read.list.catch(() => {
    if (pages.get(key) === read) pages.delete(key);
  });
  return read.list;
}

export const publishedDocuments = (request: PageRequest) => publishedPage("documents", request);
export const publishedStatistics = (request: PageRequest) => publishedPage("statistics", request);
export const publishedExternalLinks = (request: PageRequest) => publishedPage("links", request);

export type ValidUpload = Extract<UploadResult, { ok: true }>;

/**
 * Stores a validated file under a new random key and adds its draft row (new items are always
 * drafts until staff publish them). The defaults are the formats agreed for public uploads; staff
 * uploads pass their own. If the row cannot be written the stored file is removed again
 * (docs/decisions/040-upload-validation.md).
 */
export async function createDocumentDraft(
  upload: ValidUpload,
  fields: {
    title?: string;
    description?: string;
    titleEs?: string;
    descriptionEs?: string;
    fileType?: string;
    fileSize?: string;
  },
) {
  const key = newObjectKey(upload.originalName);
  // Staged, row, commit: a crash in between leaves no row without its file
  // (docs/decisions/123-crash-safety-of-writes.md).
  const staged = await storage().stage(key, upload.bytes, upload.mimeType);
  let row: typeof documents.$inferSelect;
  try {
    [row] = await db()
      .insert(documents)
      .values({
        title: fields.title || upload.originalName,
        description: fields.description || null,
        titleEs: fields.titleEs || null,
        descriptionEs: fields.descriptionEs || null,
        fileUrl: fileUrlFor(key),
        storageKey: key,
        fileType: fields.fileType ?? upload.extension.toUpperCase(),
        fileSize: fields.fileSize ?? formatKilobytes(upload.bytes.byteLength),
        isPublished: false,
      })
      .returning();
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
  await staged.commit();
  return row;
}

/** The document a storage key belongs to, for the download route. */
export async function documentByStorageKey(key: string) {
  const [row] = await db()
    .select({
      title: documents.title,
      storageKey: documents.storageKey,
      isPublished: documents.isPublished,
    })
    .from(documents)
    .where(eq(documents.storageKey, key))
    .limit(1);
  return row ?? null;
}
