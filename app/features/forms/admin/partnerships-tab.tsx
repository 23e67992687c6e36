import { DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import type { Route } from "./+types/partnerships-tab";
import { listPartnerships } from "./submissions.server";
import { partnershipsTab } from "./tabs";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, tabRoles(partnershipsTab));
  return loadList(
    () => listPartnerships(pageFrom(request)),
    "Failed to load partnership inquiries",
  );
}

export const meta = () => [{ title: "Partnerships - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function PartnershipsTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Partnerships</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Partnership inquiries, newest first"
            rows={list.rows}
            emptyText="No partnership inquiries yet."
            columns={[
              { header: "Name", cell: (row) => row.name },
              { header: "Company", cell: (row) => row.company },
              { header: "Email", cell: (row) => row.email },
              {
                header: "Message",
                cell: (row) => <p className="whitespace-pre-line">{row.message}</p>,
              },
              { header: "Date", cell: (row) => row.date, nowrap: true },
              { header: "Language", cell: (row) => row.language },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <ExportForm file="partnerships.csv" label="partnership inquiries" />
    </>
  );
}
