/**
 * The dashboard's Services tab (docs/decisions/170-the-finder-page.md; docs/decisions/175-services-tab.md): every service, any
 * status, with its row actions as small POST forms, a link to add one, and the HSDS upload.
 */
import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import type { StaffServiceRow } from "../staff.server";
import { verificationTooOld } from "../verified";
import type { Route } from "./+types/services-tab";
import { servicesTabAction, servicesTabLoader } from "./services-tab.server";

export const handle = {
  messages: ["admin"],
} satisfies PageMessagesHandle;

export const loader = async ({ request }: Route.LoaderArgs) => ({
  ...(await servicesTabLoader(request)),
  messages: pageMessages(request, handle),
});

export const action = ({ request }: Route.ActionArgs) => servicesTabAction(request);

export const meta = () => [{ title: "Services - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function RowAction({
  id,
  intent,
  label,
  name,
}: {
  id: string;
  intent: string;
  label: string;
  name: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-outline whitespace-nowrap">
        {label}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

function ImportForm({ error }: { error: string | null }) {
  const { t } = useLocale();
  return (
    <section aria-labelledby="services-import-heading" className="card space-y-3">
      <h2 id="services-import-heading" className="text-xl font-semibold">
        {t("admin.services.import.heading")}
      </h2>
      <p>{t("admin.services.import.text")}</p>
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <div className="field">
          <label htmlFor="services-import-files" className="field-label">
            {t("admin.services.import.file")}
          </label>
          <input
            id="services-import-files"
            type="file"
            name="files"
            multiple
            required
            accept=".json,.csv,application/json,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "services-import-error" : undefined}
          />
          {error ? (
            <p
              id="services-import-error"
              role="alert"
              className="font-medium text-[var(--color-error)]"
            >
              {t("admin.services.import.refused")} {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          {t("admin.services.import.submit")}
        </button>
      </Form>
    </section>
  );
}

export default function ServicesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { list, loadError, q, today, verifiedDays } = loaderData;
  const { t, formatDate } = useLocale();
  const importError = actionData && "importError" in actionData ? actionData.importError : null;
  const verified = (day: string | null) =>
    day
      ? formatDate(new Date(`${day}T12:00:00Z`), { dateStyle: "medium", timeZone: "UTC" })
      : t("admin.services.never");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold">{t("admin.services.heading")}</h2>
          <p>{t("admin.services.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/services/reports" className="btn btn-outline">
            {t("admin.services.reports")}
          </Link>
          <Link to="/admin/services/new" className="btn btn-primary">
            {t("admin.services.add")}
          </Link>
        </div>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="field">
          <label htmlFor="services-search" className="field-label">
            {t("admin.services.search")}
          </label>
          <input
            id="services-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn btn-outline">
          {t("admin.services.searchSubmit")}
        </button>
      </Form>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable<StaffServiceRow>
            caption={t("admin.services.caption")}
            rows={list.rows}
            emptyText={t("admin.services.empty")}
            columns={[
              {
                header: t("admin.services.columns.name"),
                cell: (row) => (
                  <>
                    <Link
                      to={`/admin/services/${encodeURIComponent(row.id)}`}
                      className="link font-semibold"
                    >
                      {row.name}
                    </Link>
                    <p>{row.organizationName}</p>
                    <Link
                      to={`/admin/services/${encodeURIComponent(row.id)}/beds`}
                      className="link text-sm"
                    >
                      {t("admin.services.beds")}
                      <span className="sr-only"> {row.name}</span>
                    </Link>
                  </>
                ),
              },
              { header: t("admin.services.columns.category"), cell: (row) => row.category },
              {
                header: t("admin.services.columns.status"),
                cell: (row) =>
                  row.status === "active" ? (
                    <Badge tone="success">{t("admin.services.active")}</Badge>
                  ) : (
                    <Badge tone="muted">{t("admin.services.inactive")}</Badge>
                  ),
              },
              {
                header: t("admin.services.columns.verified"),
                cell: (row) => (
                  <>
                    {verified(row.lastVerified)}
                    {verificationTooOld(row.lastVerified, today, verifiedDays) ? (
                      <p>
                        <Badge tone="warning">
                          {t("admin.services.verifiedLongAgo", { days: verifiedDays })}
                        </Badge>
                      </p>
                    ) : null}
                  </>
                ),
                nowrap: true,
              },
              {
                header: t("admin.services.columns.actions"),
                cell: (row) => (
                  <div className="flex flex-wrap gap-2">
                    <RowAction
                      id={row.id}
                      intent="verify"
                      label={t("admin.services.markVerified")}
                      name={row.name}
                    />
                    {row.status === "active" ? (
                      <RowAction
                        id={row.id}
                        intent="deactivate"
                        label={t("admin.services.deactivate")}
                        name={row.name}
                      />
                    ) : (
                      <RowAction
                        id={row.id}
                        intent="reactivate"
                        label={t("admin.services.reactivate")}
                        name={row.name}
                      />
                    )}
                  </div>
                ),
              },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <ImportForm error={importError} />
    </div>
  );
}
