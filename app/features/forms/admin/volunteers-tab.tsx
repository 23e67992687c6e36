import { DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import type { Route } from "./+types/volunteers-tab";
import { listVolunteers } from "./submissions.server";
import { volunteersTab } from "./tabs";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, tabRoles(volunteersTab));
  return loadList(() => listVolunteers(pageFrom(request)), "Failed to load volunteer sign-ups");
}

export const meta = () => [{ title: "Volunteers - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function VolunteersTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Volunteers</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Volunteer sign-ups, newest first"
            rows={list.rows}
            emptyText="No volunteer sign-ups yet."
            columns={[
              { header: "Name", cell: (row) => row.name },
              { header: "Email", cell: (row) => row.email },
              { header: "Phone", cell: (row) => row.phone },
              { header: "Opportunity", cell: (row) => row.opportunity },
              { header: "Date", cell: (row) => row.date, nowrap: true },
              { header: "Language", cell: (row) => row.language },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <ExportForm file="volunteers.csv" label="volunteer sign-ups" />
    </>
  );
}
