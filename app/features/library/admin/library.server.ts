import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { z } from "zod";
import { db } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema/library";
import { type LibraryKind, libraryKindDefinitions } from "#app/features/library/kinds";
import { createDocumentDraft, libraryChanged } from "#app/features/library/resources.server";
import { MAX_UPLOAD_BYTES, uploadMessages } from "#app/features/library/uploads";
import { validateUpload } from "#app/features/library/uploads.server";
import { pageMessages } from "#app/i18n/page-messages.server";
import { backTo, loadList } from "#app/lib/admin/actions.server";
import {
  type DateRange,
  formatCsvDate,
  formatDisplayDate,
  withinRange,
} from "#app/lib/admin/dates.server";
import {
  mapBatches,
  mapPage,
  newestFirst,
  newestFirstBatches,
  pageFrom,
} from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { assertFormPost, formRefusal, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { refuseOversizedUpload } from "#app/lib/uploads.server";
import {
  type documentSchema,
  type externalLinkSchema,
  librarySchemas,
  publishSchema,
  type statisticSchema,
} from "./schemas";
import { libraryTabHandle } from "./tab-messages";
import { libraryTabFor } from "./tabs";

/**
 * The staff side of each library kind (docs/decisions/142-library-kinds.md): its table, what its
 * dashboard table shows, its CSV columns and how a validated form becomes a draft (new items are
 * always drafts until staff publish them). Everything else about a tab is shared below.
 */

type LibraryTable = typeof documents | typeof statistics | typeof externalLinks;

interface KindServer<Table extends LibraryTable, Values, Shown> {
  table: Table;
  show: (row: Table["$inferSelect"]) => Shown;
  csv: { header: string; value: (row: Table["$inferSelect"]) => string }[];
  /** Stores the draft, or answers why the form cannot be stored (a field error). */
  addDraft: (values: Values) => Promise<{ fieldErrors: Record<string, string[]> } | undefined>;
}

const defineKind = <Table extends LibraryTable, Values, Shown>(
  kind: KindServer<Table, Values, Shown>,
) => kind;

const status = (row: { isPublished: boolean }) => (row.isPublished ? "Published" : "Draft");
const added = (row: { createdAt: Date }) => formatCsvDate(row.createdAt);

/** A staff upload's file_size, in the format agreed for staff uploads: MB with two decimals. */
function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const kinds = {
  documents: defineKind({
    table: documents,
    show: (row) => ({
      id: row.id,
      title: row.title,
      description: row.description ?? "",
      fileUrl: row.fileUrl,
      fileType: row.fileType,
      fileSize: row.fileSize,
      isPublished: row.isPublished,
      date: formatDisplayDate(row.createdAt),
    }),
    csv: [
      { header: "Title", value: (row) => row.title },
      { header: "Description", value: (row) => row.description ?? "" },
      { header: "File URL", value: (row) => row.fileUrl },
      { header: "File Type", value: (row) => row.fileType },
      { header: "File Size", value: (row) => row.fileSize },
      { header: "Status", value: status },
      { header: "Added", value: added },
    ],
    addDraft: async (values: z.output<typeof documentSchema>) => {
      const upload = await validateUpload(values.file);
      if (!upload.ok) return { fieldErrors: { file: [upload.message] } };
      // A staff upload keeps the MIME type it was verified as, without parameters such as
      // "; charset=utf-8", and its size in MB, as agreed for staff uploads. A failed insert
      // removes the file (docs/decisions/040-upload-validation.md).
      await createDocumentDraft(upload, {
        title: values.title,
        description: values.description,
        titleEs: values.titleEs,
        descriptionEs: values.descriptionEs,
        fileType: upload.mimeType.split(";")[0].trim(),
        fileSize: formatMegabytes(upload.bytes.byteLength),
      });
    },
  }),
  statistics: defineKind({
    table: statistics,
    show: (row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      source: row.source,
      sourceUrl: row.sourceUrl,
      statisticDate: row.date ?? "",
      isPublished: row.isPublished,
      date: formatDisplayDate(row.createdAt),
    }),
    csv: [
      { header: "Title", value: (row) => row.title },
      { header: "Description", value: (row) => row.description },
      { header: "Source", value: (row) => row.source },
      { header: "Source URL", value: (row) => row.sourceUrl ?? "" },
      { header: "Date", value: (row) => row.date ?? "" },
      { header: "Status", value: status },
      { header: "Added", value: added },
    ],
    addDraft: async (values: z.output<typeof statisticSchema>): Promise<undefined> => {
      // Optional fields left blank are undefined: the columns' default, null.
      await db()
        .insert(statistics)
        .values({ ...values, isPublished: false });
    },
  }),
  links: defineKind({
    table: externalLinks,
    show: (row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      url: row.url,
      category: row.category ?? "",
      isPublished: row.isPublished,
      date: formatDisplayDate(row.createdAt),
    }),
    csv: [
      { header: "Title", value: (row) => row.title },
      { header: "Description", value: (row) => row.description },
      { header: "URL", value: (row) => row.url },
      { header: "Category", value: (row) => row.category ?? "" },
      { header: "Status", value: status },
      { header: "Added", value: added },
    ],
    addDraft: async (values: z.output<typeof externalLinkSchema>): Promise<undefined> => {
      await db()
        .insert(externalLinks)
        .values({ ...values, isPublished: false });
    },
  }),
} satisfies Record<LibraryKind, unknown>;

type Kinds = typeof kinds;
type Row<Kind extends LibraryKind> = Kinds[Kind]["table"]["$inferSelect"];

/**
 * Every item of a kind, drafts included, newest first (docs/decisions/060-dashboard-structure.md).
 */
async function listLibrary<Kind extends LibraryKind>(kind: Kind, page: number) {
  const { table, show } = kinds[kind] as KindServer<LibraryTable, never, unknown>;
  return mapPage(
    await newestFirst(table, page),
    show as (row: Row<Kind>) => ReturnType<Kinds[Kind]["show"]>,
  );
}

/** A library tab's loader: the staff member's page of the kind's items. */
export async function libraryTabLoader<Kind extends LibraryKind>(request: Request, kind: Kind) {
  await requireRole(request, tabRoles(libraryTabFor(kind)));
  const loaded = await loadList(
    () => listLibrary(kind, pageFrom(request)),
    libraryKindDefinitions[kind].dashboard.loadError,
  );
  return { ...loaded, messages: pageMessages(request, libraryTabHandle) };
}

function refuse(message: string, status: number) {
  return data(formRefusal(message, { intent: "create" }), { status });
}

/** A library tab's action: Publish / Unpublish, or a new draft from the tab's form. */
export async function libraryTabAction(request: Request, kind: LibraryKind) {
  await requireRole(request, tabRoles(libraryTabFor(kind)));
  assertFormPost(request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const oversized = await refuseOversizedUpload(request, uploadMessages, MAX_UPLOAD_BYTES);
    if (oversized) return refuse(oversized.message, oversized.status);
  }
  const formData = await readForm(request);
  if (formData.get("intent") === "publish") return publishAction(request, formData, kind);

  const { dashboard } = libraryKindDefinitions[kind];
  const submission = parseWithZod(formData, { schema: librarySchemas[kind] });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { addDraft } = kinds[kind] as KindServer<LibraryTable, unknown, unknown>;
  try {
    const refused = await addDraft(submission.value);
    if (refused) return data(submission.reply(refused), { status: 400 });
  } catch (error) {
    logger.error({ err: error, kind }, "adding a library item failed");
    return redirectWithToast(backTo(request), { type: "error", title: dashboard.addFailed });
  }
  return redirectWithToast(`/admin/${kind}`, {
    type: "success",
    title: dashboard.added,
    description: "It is saved as a draft: publish it to show it on the Resources page.",
  });
}

/** A kind's CSV rows in the range, newest first, drafts included. */
export function libraryCsvRows(kind: LibraryKind, range: DateRange): AsyncIterable<string[][]> {
  const { table, csv } = kinds[kind] as KindServer<LibraryTable, never, unknown>;
  const rows = newestFirstBatches(table, withinRange(table.createdAt, range));
  return mapBatches(rows, (row) => csv.map((column) => column.value(row)));
}

export function libraryCsvColumns(kind: LibraryKind): string[] {
  return kinds[kind].csv.map((column) => column.header);
}

/** Publishes or unpublishes one item; returns its title, or null when there is no such item. */
async function setPublished(
  kind: LibraryKind,
  id: string,
  publish: boolean,
): Promise<string | null> {
  const { table } = kinds[kind];
  const [updated] = await db()
    .update(table)
    .set({ isPublished: publish })
    .where(eq(table.id, id))
    .returning({ title: table.title });
  // Cached public pages listing this kind are dropped at once (server/page-cache.ts).
  if (updated) libraryChanged(kind);
  return updated?.title ?? null;
}

const statusFailed = { type: "error", title: "Failed to update item status" } as const;

/** The Publish / Unpublish button of a library tab. */
async function publishAction(request: Request, formData: FormData, kind: LibraryKind) {
  const submission = parseWithZod(formData, { schema: publishSchema });
  if (submission.status !== "success") return redirectWithToast(backTo(request), statusFailed);
  const { id, publish } = submission.value;
  try {
    const title = await setPublished(kind, id, publish);
    if (title === null) return redirectWithToast(backTo(request), statusFailed);
    return redirectWithToast(backTo(request), {
      type: "success",
      title: publish ? "Item published" : "Item unpublished",
      description: publish
        ? `"${title}" is now shown on the public Resources page.`
        : `"${title}" is no longer shown on the public Resources page.`,
    });
  } catch (error) {
    logger.error({ err: error, kind, id }, "publish toggle failed");
    return redirectWithToast(backTo(request), statusFailed);
  }
}
