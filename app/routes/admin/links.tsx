import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { LoadError } from "#app/components/admin/load-error";
import { PublishButton, PublishedBadge } from "#app/components/admin/publish-button";
import { AdminTabError } from "#app/components/admin/tab-error";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { backTo, loadList, publishAction } from "#app/lib/admin/actions.server";
import { externalLinkSchema } from "#app/lib/admin/forms";
import { addExternalLinkDraft, listExternalLinks } from "#app/lib/admin/library.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { rolesFor } from "#app/lib/admin/tabs";
import { requireRole } from "#app/lib/auth.server";
import { assertFormPost } from "#app/lib/forms.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/links";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, rolesFor("links"));
  return loadList(() => listExternalLinks(pageFrom(request)), "Failed to load external links");
}

export async function action({ request }: Route.ActionArgs) {
  await requireRole(request, rolesFor("links"));
  assertFormPost(request);
  const formData = await request.formData();
  if (formData.get("intent") === "publish") return publishAction(request, formData, "links");

  const submission = parseWithZod(formData, { schema: externalLinkSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await addExternalLinkDraft(submission.value);
  } catch (error) {
    logger.error({ err: error }, "adding an external link failed");
    return redirectWithToast(backTo(request), {
      type: "error",
      title: "Failed to add external link",
    });
  }
  return redirectWithToast("/admin/links", {
    type: "success",
    title: "External link added successfully",
    description: "It is saved as a draft: publish it to show it on the Resources page.",
  });
}

export const meta = () => [{ title: "External Links - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function AddLinkForm({ lastResult }: { lastResult: unknown }) {
  const { form, fields, submitting } = usePublicForm(externalLinkSchema, {
    id: "add-link",
    lastResult,
    intent: "create",
  });
  return (
    <section aria-labelledby="add-link-heading" className="card">
      <h2 id="add-link-heading" className="text-xl font-semibold">
        Add an external link
      </h2>
      <p className="mt-1 text-sm text-[var(--color-muted)]">
        New links are saved as drafts until you publish them.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <Field label="Title" field={fields.title} maxLength={200} />
        <Field
          label="URL"
          field={fields.url}
          type="url"
          hint="A web address starting with https://"
        />
        <div className="md:col-span-2">
          <TextareaField label="Description" field={fields.description} maxLength={2000} rows={3} />
        </div>
        <Field
          label="Category (optional)"
          field={fields.category}
          maxLength={50}
          hint="Shown as Resource when left empty"
        />
        <div className="space-y-2 md:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? "Adding..." : "Add external link"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function LinksTab({ loaderData, actionData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">External Links</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="External links, newest first"
            rows={list.rows}
            emptyText="No external links yet. Add the first one below."
            columns={[
              {
                header: "Title",
                cell: (row) => (
                  <>
                    <p className="font-semibold">{row.title}</p>
                    <p>{row.description}</p>
                  </>
                ),
              },
              {
                header: "URL",
                cell: (row) => (
                  <a href={row.url} className="link" target="_blank" rel="noopener noreferrer">
                    {row.url}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ),
              },
              { header: "Category", cell: (row) => row.category || "Resource" },
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
      <AddLinkForm lastResult={actionData} />
    </>
  );
}
