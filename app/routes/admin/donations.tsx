import { Badge } from "#app/components/admin/badge";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { DonationsChart } from "#app/components/admin/donations-chart";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { loadList } from "#app/lib/admin/actions.server";
import { donationsByMonth, donationTotals, listDonations } from "#app/lib/admin/donations.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { rolesFor } from "#app/lib/admin/tabs";
import { requireRole } from "#app/lib/auth.server";
import { formatCents } from "#app/lib/money";
import type { Route } from "./+types/donations";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, rolesFor("donations"));
  return loadList(async () => {
    const [page, totals, months] = await Promise.all([
      listDonations(pageFrom(request)),
      donationTotals(),
      donationsByMonth(),
    ]);
    return { ...page, totals, months };
  }, "Failed to load donations");
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

export default function DonationsTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Donations</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Total label="Total donations (succeeded)" value={formatCents(list.totals.total)} />
            <Total label="Monthly donations (succeeded)" value={formatCents(list.totals.monthly)} />
            <Total label="Donors" value={list.totals.donors.toLocaleString("en-US")} />
          </dl>
          <DonationsChart months={list.months} />
          <DataTable
            caption="Donations, newest first"
            rows={list.rows}
            emptyText="No donations yet."
            columns={[
              { header: "Donor", cell: (row) => row.donor },
              { header: "Email", cell: (row) => row.email },
              { header: "Amount", cell: (row) => row.amount, nowrap: true },
              { header: "Type", cell: (row) => row.type },
              {
                header: "Status",
                cell: (row) => <Badge tone={statusTones[row.tone]}>{row.status}</Badge>,
              },
              { header: "Date", cell: (row) => row.date, nowrap: true },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <ExportForm file="donations.csv" label="donations" />
    </>
  );
}
