import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { LoadError } from "#app/components/admin/load-error";
import { PublishButton, PublishedBadge } from "#app/components/admin/publish-button";
import { AdminTabError } from "#app/components/admin/tab-error";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { backTo, loadList, publishAction } from "#app/lib/admin/actions.server";
import { documentSchema } from "#app/lib/admin/forms";
import { addDocumentDraft, listDocuments } from "#app/lib/admin/library.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { rolesFor } from "#app/lib/admin/tabs";
import { requireRole } from "#app/lib/auth.server";
import { assertFormPost } from "#app/lib/forms.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { ACCEPT_ATTRIBUTE } from "#app/lib/uploads";
import { refuseOversizedUpload, validateUpload } from "#app/lib/uploads.server";
import type { Route } from "./+types/documents";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, rolesFor("documents"));
  return loadList(() => listDocuments(pageFrom(request)), "Failed to load documents");
}

function refuse(message: string, status: number) {
  const result: SubmissionResult = {
    status: "error",
    initialValue: { intent: "create" },
    error: { "": [message] },
  };
  return data(result, { status });
}

export async function action({ request }: Route.ActionArgs) {
  await requireRole(request, rolesFor("documents"));
  assertFormPost(request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const oversized = await refuseOversizedUpload(request);
    if (oversized) return refuse(oversized.message, oversized.status);
  }

  const formData = await request.formData();
  if (formData.get("intent") === "publish") return publishAction(request, formData, "documents");

  const submission = parseWithZod(formData, { schema: documentSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const upload = await validateUpload(submission.value.file);
  if (!upload.ok) {
    return data(submission.reply({ fieldErrors: { file: [upload.message] } }), { status: 400 });
  }
  try {
    await addDocumentDraft(upload, {
      title: submission.value.title,
      description: submission.value.description,
    });
  } catch (error) {
    logger.error({ err: error }, "staff document upload failed");
    return redirectWithToast(backTo(request), {
      type: "error",
      title: "Failed to upload document",
    });
  }
  return redirectWithToast("/admin/documents", {
    type: "success",
    title: "Document uploaded successfully",
    description: "It is saved as a draft: publish it to show it on the Resources page.",
  });
}

export const meta = () => [{ title: "Documents - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function AddDocumentForm({ lastResult }: { lastResult: unknown }) {
  const { form, fields, submitting } = usePublicForm(documentSchema, {
    id: "add-document",
    lastResult,
    intent: "create",
  });
  const fileProps = getInputProps(fields.file, { type: "file" });
  const hintId = `${fields.file.id}-hint`;
  return (
    <section aria-labelledby="add-document-heading" className="card">
      <h2 id="add-document-heading" className="text-xl font-semibold">
        Upload a document
      </h2>
      <p className="mt-1 text-sm text-[var(--color-muted)]">
        New documents are saved as drafts until you publish them.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-4 grid gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="intent" value="create" />
        <Field label="Title" field={fields.title} maxLength={200} />
        <div className="field">
          <label htmlFor={fields.file.id} className="field-label">
            File<span aria-hidden="true"> *</span>
          </label>
          <p id={hintId} className="field-hint">
            PDF, Word, Excel, PowerPoint or text file, up to 10MB
          </p>
          <input
            {...fileProps}
            key={fileProps.key}
            accept={ACCEPT_ATTRIBUTE}
            aria-describedby={[hintId, fields.file.errors ? fields.file.errorId : null]
              .filter(Boolean)
              .join(" ")}
            className="field-input"
          />
          <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
        </div>
        <div className="md:col-span-2">
          <TextareaField
            label="Description (optional)"
            field={fields.description}
            maxLength={2000}
            rows={3}
          />
        </div>
        <div className="space-y-2 md:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? "Uploading..." : "Upload document"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function DocumentsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Documents</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Documents, newest first"
            rows={list.rows}
            emptyText="No documents yet. Upload the first one below."
            columns={[
              {
                header: "Title",
                cell: (row) => (
                  <>
                    <p className="font-semibold">{row.title}</p>
                    {row.description ? <p>{row.description}</p> : null}
                  </>
                ),
              },
              {
                header: "File",
                cell: (row) => (
                  <>
                    <a href={row.fileUrl} className="link" download>
                      Download<span className="sr-only"> {row.title}</span>
                    </a>
                    <p className="text-[var(--color-muted)]">
                      {row.fileType}, {row.fileSize}
                    </p>
                  </>
                ),
              },
              { header: "Status", cell: (row) => <PublishedBadge isPublished={row.isPublished} /> },
              { header: "Added", cell: (row) => row.date, nowrap: true },
              {
                header: "Action",
                cell: (row) => (
                  <PublishButton id={row.id} title={row.title} isPublished={row.isPublished} />
                ),
              },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <AddDocumentForm lastResult={actionData} />
    </>
  );
}
