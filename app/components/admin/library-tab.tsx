import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { type Column, DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { PublishButton, PublishedBadge } from "#app/components/admin/publish-button";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import {
  type LibraryField,
  type LibraryKind,
  libraryCsvFile,
  libraryKindDefinitions,
} from "#app/lib/library-kinds";
import { ACCEPT_ATTRIBUTE } from "#app/lib/uploads";

/** What every library row shows besides its kind's own columns. */
interface LibraryRow {
  id: string;
  title: string;
  description: string;
  isPublished: boolean;
  date: string;
}

interface LibraryList<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
}

/** The meta of a library tab. */
export function libraryTabMeta(kind: LibraryKind) {
  return [{ title: `${libraryKindDefinitions[kind].dashboard.tab} - Admin Dashboard` }];
}

type ConformField = Parameters<typeof Field>[0]["field"];

function FileField({ spec, field }: { spec: LibraryField; field: ConformField }) {
  const fileProps = getInputProps(field, { type: "file" });
  const hintId = `${field.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {spec.label}
        <span aria-hidden="true"> *</span>
      </label>
      <p id={hintId} className="field-hint">
        {spec.hint}
      </p>
      <input
        {...fileProps}
        key={fileProps.key}
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={[hintId, field.errors ? field.errorId : null].filter(Boolean).join(" ")}
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function LibraryFormField({ spec, field }: { spec: LibraryField; field: ConformField }) {
  switch (spec.type) {
    case "file":
      return <FileField spec={spec} field={field} />;
    case "textarea":
      return <TextareaField label={spec.label} field={field} maxLength={spec.maxLength} rows={3} />;
    default:
      return (
        <Field
          label={spec.label}
          field={field}
          type={spec.type}
          maxLength={spec.maxLength}
          hint={spec.hint}
        />
      );
  }
}

/** "Upload a document", "Add a statistic"...: the kind's fields, saved as a draft. */
function AddItemForm({ kind, lastResult }: { kind: LibraryKind; lastResult: unknown }) {
  const { schema, fields: specs, dashboard } = libraryKindDefinitions[kind];
  const { form, fields, submitting } = usePublicForm(schema, {
    id: dashboard.formId,
    lastResult,
    intent: "create",
  });
  const headingId = `${dashboard.formId}-heading`;
  const hasFile = specs.some((spec) => spec.type === "file");
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId} className="text-xl font-semibold">
        {dashboard.formHeading}
      </h2>
      <p className="mt-1 text-sm text-[var(--color-muted)]">{dashboard.draftNote}</p>
      <Form
        method="post"
        encType={hasFile ? "multipart/form-data" : undefined}
        {...getFormProps(form)}
        className="mt-4 grid gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="intent" value="create" />
        {specs.map((spec) => {
          const field = (fields as unknown as Record<string, ConformField>)[spec.name];
          return spec.wide ? (
            <div key={spec.name} className="md:col-span-2">
              <LibraryFormField spec={spec} field={field} />
            </div>
          ) : (
            <LibraryFormField key={spec.name} spec={spec} field={field} />
          );
        })}
        <div className="space-y-2 md:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? dashboard.submitting : dashboard.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * A library tab of the dashboard (docs/decisions/142): every item, drafts included, with the
 * kind's own `columns` between the title and the status, then the add form and the CSV export.
 */
export function LibraryTab<Row extends LibraryRow>({
  kind,
  list,
  loadError,
  actionData,
  columns,
}: {
  kind: LibraryKind;
  list: LibraryList<Row> | null;
  loadError: string | null;
  actionData: unknown;
  columns: Column<Row>[];
}) {
  const { dashboard } = libraryKindDefinitions[kind];
  return (
    <>
      <h2 className="sr-only">{dashboard.tab}</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption={dashboard.caption}
            rows={list.rows}
            emptyText={dashboard.empty}
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
              ...columns,
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
      <AddItemForm kind={kind} lastResult={actionData} />
      <ExportForm file={libraryCsvFile(kind)} label={dashboard.plural} />
    </>
  );
}
