import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema";
import { createDocumentDraft, type ValidUpload } from "#app/lib/resources.server";
import { formatDisplayDate } from "./dates.server";
import type { externalLinkSchema, statisticSchema } from "./forms";
import { mapPage, newestFirst } from "./pagination.server";

/** The resources library as staff see it: every item, drafts included (spec 6). */

export async function listDocuments(page: number) {
  return mapPage(await newestFirst(documents, page), (row) => ({
    id: row.id,
    title: row.title,
    description: row.description ?? "",
    fileUrl: row.fileUrl,
    fileType: row.fileType,
    fileSize: row.fileSize,
    isPublished: row.isPublished,
    date: formatDisplayDate(row.createdAt),
  }));
}

export async function listStatistics(page: number) {
  return mapPage(await newestFirst(statistics, page), (row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source,
    sourceUrl: row.sourceUrl,
    statisticDate: row.date ?? "",
    isPublished: row.isPublished,
    date: formatDisplayDate(row.createdAt),
  }));
}

export async function listExternalLinks(page: number) {
  return mapPage(await newestFirst(externalLinks, page), (row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    category: row.category ?? "",
    isPublished: row.isPublished,
    date: formatDisplayDate(row.createdAt),
  }));
}

/** Spec 7 (admin upload): file_size in MB with two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/**
 * A staff upload: stored and added as a draft like a public one, but with the MIME type and the
 * size in MB (spec 7). A failed insert removes the stored file again (D7).
 */
export function addDocumentDraft(
  upload: ValidUpload,
  fields: { title: string; description?: string },
) {
  return createDocumentDraft(upload, {
    ...fields,
    // The type the content was verified as, without parameters such as "; charset=utf-8".
    fileType: upload.mimeType.split(";")[0].trim(),
    fileSize: formatMegabytes(upload.bytes.byteLength),
  });
}

export async function addStatisticDraft(values: z.output<typeof statisticSchema>) {
  await db()
    .insert(statistics)
    .values({
      title: values.title,
      description: values.description,
      source: values.source,
      sourceUrl: values.sourceUrl ?? null,
      date: values.date ?? null,
      isPublished: false,
    });
}

export async function addExternalLinkDraft(values: z.output<typeof externalLinkSchema>) {
  await db()
    .insert(externalLinks)
    .values({
      title: values.title,
      description: values.description,
      url: values.url,
      category: values.category ?? null,
      isPublished: false,
    });
}

const libraryTables = { documents, statistics, links: externalLinks } as const;
export type LibraryKind = keyof typeof libraryTables;

/** Publishes or unpublishes one item; returns its title, or null when there is no such item. */
export async function setPublished(
  kind: LibraryKind,
  id: string,
  publish: boolean,
): Promise<string | null> {
  const table = libraryTables[kind];
  const [updated] = await db()
    .update(table)
    .set({ isPublished: publish })
    .where(eq(table.id, id))
    .returning({ title: table.title });
  return updated?.title ?? null;
}
