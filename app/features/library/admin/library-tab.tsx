import { Form } from "react-router";
import { type Column, DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { ErrorList, Field, FileField, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import {
  UploadProgress,
  useUploadWithProgress,
} from "#app/features/library/components/upload-progress";
import {
  type LibraryField,
  type LibraryKind,
  libraryCsvFile,
  libraryKindDefinitions,
} from "#app/features/library/kinds";
import { ACCEPT_ATTRIBUTE, checkFileBasics, uploadMessages } from "#app/features/library/uploads";
import type { FieldRule, FieldState } from "#app/lib/form-feedback";
import { PublishButton, PublishedBadge } from "./publish-button";

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

function LibraryFormField({ spec, field }: { spec: LibraryField; field: FieldState }) {
  const constraints = {
    label: spec.label,
    field,
    required: !spec.optional,
    maxLength: spec.maxLength,
  };
  switch (spec.type) {
    case "file":
      return (
        <FileField
          label={spec.label}
          hint={spec.hint ?? ""}
          field={field}
          accept={ACCEPT_ATTRIBUTE}
        />
      );
    case "textarea":
      return <TextareaField {...constraints} rows={3} />;
    default:
      return <Field {...constraints} type={spec.type} hint={spec.hint} />;
  }
}

/** How the browser words each field's checks: the schema's own messages (admin/forms.ts). */
function libraryRule(spec: LibraryField): FieldRule {
  return {
    missing: spec.type === "file" ? uploadMessages.missing : `${spec.label} is required`,
    invalid: spec.invalid,
    check:
      spec.type === "file"
        ? (control) =>
            checkFileBasics(control instanceof HTMLInputElement ? control.files?.[0] : null)
        : undefined,
  };
}

/** "Upload a document", "Add a statistic"...: the kind's fields, saved as a draft. */
function AddItemForm({ kind, lastResult }: { kind: LibraryKind; lastResult: unknown }) {
  const { fields: specs, dashboard } = libraryKindDefinitions[kind];
  // A file is sent with progress and a Cancel button
  // (docs/decisions/105-upload-progress-and-cancel.md).
  const upload = useUploadWithProgress();
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: dashboard.formId,
    lastResult: upload.result ?? lastResult,
    intent: "create",
    rules: Object.fromEntries(specs.map((spec) => [spec.name, libraryRule(spec)])),
  });
  const headingId = `${dashboard.formId}-heading`;
  const hasFile = specs.some((spec) => spec.type === "file");
  const busy = submitting || upload.busy;
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId} className="text-xl font-semibold">
        {dashboard.formHeading}
      </h2>
      <p className="mt-1 text-sm text-[var(--color-muted)]">{dashboard.draftNote}</p>
      <Form
        method="post"
        encType={hasFile ? "multipart/form-data" : undefined}
        {...formProps}
        onSubmit={
          hasFile
            ? (event) => {
                formProps.onSubmit(event);
                upload.submit(event);
              }
            : formProps.onSubmit
        }
        className="mt-4 grid gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="intent" value="create" />
        {specs.map((spec) => {
          return spec.wide ? (
            <div key={spec.name} className="md:col-span-2">
              <LibraryFormField spec={spec} field={field(spec.name)} />
            </div>
          ) : (
            <LibraryFormField key={spec.name} spec={spec} field={field(spec.name)} />
          );
        })}
        {hasFile ? <UploadProgress state={upload.state} onCancel={upload.cancel} /> : null}
        <div className="space-y-2 md:col-span-2">
          <ErrorList id={formErrorId} errors={formErrors} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? dashboard.submitting : dashboard.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * A library tab of the dashboard (docs/decisions/142-library-kinds.md): every item, drafts
 * included, with the kind's own `columns` between the title and the status, then the add form and
 * the CSV export.
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
