import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { DONATION_STATUSES, statusLabel } from "#app/features/donations/status";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { formatCents } from "#app/lib/money";
import type { Route } from "./+types/donations-tab";
import {
  type DonationFilters,
  donationFiltersFrom,
  donationsByMonth,
  donationTotals,
  listDonations,
} from "./donations.server";
import { DonationsChart } from "./donations-chart";
import { donationsTab } from "./tab";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["payment"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, tabRoles(donationsTab));
  const filters = donationFiltersFrom(new URL(request.url).searchParams);
  const loaded = await loadList(async () => {
    const [page, totals, months] = await Promise.all([
      listDonations(pageFrom(request), filters),
      donationTotals(),
      donationsByMonth(),
    ]);
    return { ...page, totals, months };
  }, "Failed to load donations");
  return { ...loaded, filters, messages: pageMessages(request, handle) };
}

export const meta = () => [{ title: "Donations - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

const statusTones = { succeeded: "success", pending: "warning", other: "error" } as const;

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="card">
      <dt className="text-sm font-semibold text-[var(--color-muted)]">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

const typeLabels = { once: "One-time", monthly: "Monthly" } as const;

/** The table's filters as a GET form, so they live in the URL and work without JavaScript. */
function Filters({ filters }: { filters: DonationFilters }) {
  const id = useId();
  const { search } = useLocation();
  return (
    <Form
      method="get"
      // A new key per URL, so the selects show the filters after client-side navigation too.
      key={search}
      className="card flex flex-wrap items-end gap-4"
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`} className="w-full text-lg font-semibold">
        Filter donations
      </h3>
      <div className="field">
        <label htmlFor={`${id}-status`} className="field-label">
          Status
        </label>
        <select
          id={`${id}-status`}
          name="status"
          defaultValue={filters.status ?? ""}
          className="field-input"
        >
          <option value="">All statuses</option>
          {DONATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`} className="field-label">
          Type
        </label>
        <select
          id={`${id}-type`}
          name="type"
          defaultValue={filters.type ?? ""}
          className="field-input"
        >
          <option value="">All types</option>
          {Object.entries(typeLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 self-center">
        <input
          id={`${id}-tribute`}
          type="checkbox"
          name="tribute"
          value="yes"
          defaultChecked={filters.tribute === "yes"}
          className="size-5 accent-[var(--color-primary)]"
        />
        <label htmlFor={`${id}-tribute`}>In honor or in memory only</label>
      </div>
      <button type="submit" className="btn btn-primary">
        Apply filters
      </button>
      {filters.status || filters.type || filters.tribute ? (
        <Link to="/admin/donations" className="btn btn-outline">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

/** In words, for the table caption and the export: "Failed, monthly donations". */
function describeFilters(filters: DonationFilters): string | null {
  const parts = [
    filters.status ? statusLabel(filters.status) : null,
    filters.type ? typeLabels[filters.type].toLowerCase() : null,
    filters.tribute ? "tribute" : null,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(", ")} donations` : null;
}

export default function DonationsTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError, filters } = loaderData;
  const filtered = describeFilters(filters);
  return (
    <>
      <h2 className="sr-only">Donations</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Total label="Total donations (succeeded)" value={formatCents(list.totals.total)} />
            <Total label="Monthly donations (succeeded)" value={formatCents(list.totals.monthly)} />
            <Total label="Donors" value={list.totals.donors.toLocaleString("en-US")} />
            <Total label="Fees covered by donors" value={formatCents(list.totals.fees)} />
          </dl>
          <p className="text-sm text-[var(--color-muted)]">
            Totals and the chart count succeeded gifts less refunds; card fees that donors chose to
            cover are counted apart.
          </p>
          <DonationsChart months={list.months} />
          <Filters filters={filters} />
          <DataTable
            caption={filtered ? `${filtered}, newest first` : "Donations, newest first"}
            rows={list.rows}
            emptyText={filtered ? "No donations match these filters." : "No donations yet."}
            columns={[
              { header: "Donor", cell: (row) => row.donor },
              { header: "Email", cell: (row) => row.email },
              { header: "Amount", cell: (row) => row.amount, nowrap: true },
              { header: "Fee", cell: (row) => row.fee, nowrap: true },
              { header: "Type", cell: (row) => row.type },
              { header: "Fundraiser", cell: (row) => row.fundraiser || "General fund" },
              {
                header: "Status",
                cell: (row) => <Badge tone={statusTones[row.tone]}>{row.status}</Badge>,
              },
              { header: "Date", cell: (row) => row.date, nowrap: true },
              {
                header: "Details",
                cell: (row) => (
                  <Link to={`/admin/donations/${row.id}`} className="link whitespace-nowrap">
                    Open
                    <span className="sr-only">
                      {" "}
                      the donation from {row.donor}, {row.date}
                    </span>
                  </Link>
                ),
              },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <ExportForm file="donations.csv" label="donations">
        {filtered ? (
          <p className="w-full text-sm">Only the filtered list: {filtered.toLowerCase()}.</p>
        ) : null}
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
      </ExportForm>
    </>
  );
}
