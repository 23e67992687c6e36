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
import { statisticSchema } from "#app/lib/admin/forms";
import { addStatisticDraft, listStatistics } from "#app/lib/admin/library.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { rolesFor } from "#app/lib/admin/tabs";
import { requireRole } from "#app/lib/auth.server";
import { assertFormPost } from "#app/lib/forms.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/statistics";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, rolesFor("statistics"));
  return loadList(() => listStatistics(pageFrom(request)), "Failed to load statistics");
}

export async function action({ request }: Route.ActionArgs) {
  await requireRole(request, rolesFor("statistics"));
  assertFormPost(request);
  const formData = await request.formData();
  if (formData.get("intent") === "publish") return publishAction(request, formData, "statistics");

  const submission = parseWithZod(formData, { schema: statisticSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await addStatisticDraft(submission.value);
  } catch (error) {
    logger.error({ err: error }, "adding a statistic failed");
    return redirectWithToast(backTo(request), { type: "error", title: "Failed to add statistic" });
  }
  return redirectWithToast("/admin/statistics", {
    type: "success",
    title: "Statistic added successfully",
    description: "It is saved as a draft: publish it to show it on the Resources page.",
  });
}

export const meta = () => [{ title: "Statistics - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function AddStatisticForm({ lastResult }: { lastResult: unknown }) {
  const { form, fields, submitting } = usePublicForm(statisticSchema, {
    id: "add-statistic",
    lastResult,
    intent: "create",
  });
  return (
    <section aria-labelledby="add-statistic-heading" className="card">
      <h2 id="add-statistic-heading" className="text-xl font-semibold">
        Add a statistic
      </h2>
      <p className="mt-1 text-sm text-[var(--color-muted)]">
        New statistics are saved as drafts until you publish them.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <Field label="Title" field={fields.title} maxLength={200} />
        <Field label="Source" field={fields.source} maxLength={200} />
        <div className="md:col-span-2">
          <TextareaField label="Description" field={fields.description} maxLength={2000} rows={3} />
        </div>
        <Field
          label="Source URL (optional)"
          field={fields.sourceUrl}
          type="url"
          hint="A web address starting with https://"
        />
        <Field
          label="Date (optional)"
          field={fields.date}
          maxLength={50}
          hint="Free text, for example March 2025"
        />
        <div className="space-y-2 md:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? "Adding..." : "Add statistic"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function StatisticsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Statistics</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Statistics, newest first"
            rows={list.rows}
            emptyText="No statistics yet. Add the first one below."
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
                header: "Source",
                cell: (row) =>
                  row.sourceUrl ? (
                    <a
                      href={row.sourceUrl}
                      className="link"
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {row.source}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    row.source
                  ),
              },
              { header: "Date", cell: (row) => row.statisticDate },
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
      <AddStatisticForm lastResult={actionData} />
    </>
  );
}
