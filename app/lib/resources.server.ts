import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema";
import { newObjectKey, storage } from "./storage/index.server";
import { formatKilobytes } from "./uploads";
import type { UploadResult } from "./uploads.server";

/** The public URL of a stored library file; the /files route serves it. */
export function fileUrlFor(key: string): string {
  return `/files/${encodeURIComponent(key)}`;
}

export const RESOURCES_PAGE_SIZE = 12;

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

/** Published rows, newest first; `term` matches title or description, case-insensitively (D9). */
function publishedWhere(columns: Searchable, term: string): SQL | undefined {
  const published = eq(columns.isPublished, true);
  if (term === "") return published;
  const pattern = containsPattern(term);
  return and(published, or(ilike(columns.title, pattern), ilike(columns.description, pattern)));
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

/** The documents query on its own, so a test can EXPLAIN exactly what runs. */
export function publishedDocumentsQuery({
  term,
  page,
  pageSize = RESOURCES_PAGE_SIZE,
}: PageRequest) {
  return db()
    .select({
      id: documents.id,
      title: documents.title,
      description: documents.description,
      fileUrl: documents.fileUrl,
      fileType: documents.fileType,
      fileSize: documents.fileSize,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(publishedWhere(documents, term))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
}

export async function publishedDocuments(request: PageRequest) {
  const rows = await publishedDocumentsQuery(request);
  return pageOf(rows, request.page, request.pageSize ?? RESOURCES_PAGE_SIZE);
}

export async function publishedStatistics({
  term,
  page,
  pageSize = RESOURCES_PAGE_SIZE,
}: PageRequest) {
  const rows = await db()
    .select({
      id: statistics.id,
      title: statistics.title,
      description: statistics.description,
      source: statistics.source,
      sourceUrl: statistics.sourceUrl,
      date: statistics.date,
      createdAt: statistics.createdAt,
    })
    .from(statistics)
    .where(publishedWhere(statistics, term))
    .orderBy(desc(statistics.createdAt), desc(statistics.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return pageOf(rows, page, pageSize);
}

export async function publishedExternalLinks({
  term,
  page,
  pageSize = RESOURCES_PAGE_SIZE,
}: PageRequest) {
  const rows = await db()
    .select({
      id: externalLinks.id,
      title: externalLinks.title,
      description: externalLinks.description,
      url: externalLinks.url,
      category: externalLinks.category,
      createdAt: externalLinks.createdAt,
    })
    .from(externalLinks)
    .where(publishedWhere(externalLinks, term))
    .orderBy(desc(externalLinks.createdAt), desc(externalLinks.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return pageOf(rows, page, pageSize);
}

export type ValidUpload = Extract<UploadResult, { ok: true }>;

/**
 * Stores a validated file under a new random key and adds its draft row (spec 4: new items are
 * always drafts). The defaults are the public upload's formats (spec 7); staff uploads pass
 * their own. If the row cannot be written the stored file is removed again (D7).
 */
export async function createDocumentDraft(
  upload: ValidUpload,
  fields: { title?: string; description?: string; fileType?: string; fileSize?: string },
) {
  const key = newObjectKey(upload.originalName);
  await storage().put(key, upload.bytes, upload.mimeType);
  try {
    const [row] = await db()
      .insert(documents)
      .values({
        title: fields.title || upload.originalName,
        description: fields.description || null,
        fileUrl: fileUrlFor(key),
        storageKey: key,
        fileType: fields.fileType ?? upload.extension.toUpperCase(),
        fileSize: fields.fileSize ?? formatKilobytes(upload.bytes.byteLength),
        isPublished: false,
      })
      .returning();
    return row;
  } catch (error) {
    await storage()
      .delete(key)
      .catch(() => undefined);
    throw error;
  }
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
