import { Badge } from "#app/components/admin/badge";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import type { Route } from "./+types/signups-tab";
import { listSubscribers } from "./submissions.server";
import { signupsTab } from "./tabs";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, tabRoles(signupsTab));
  return loadList(
    () => listSubscribers(pageFrom(request)),
    "Failed to load newsletter subscriptions",
  );
}

export const meta = () => [{ title: "Email Signups - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function SignupsTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Email Signups</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Newsletter sign-ups, newest first"
            rows={list.rows}
            emptyText="No one has signed up for the newsletter yet."
            columns={[
              { header: "Name", cell: (row) => row.name },
              { header: "Email", cell: (row) => row.email },
              { header: "Date", cell: (row) => row.date, nowrap: true },
              { header: "Language", cell: (row) => row.language },
              {
                header: "Status",
                cell: (row) =>
                  row.subscribed ? (
                    <Badge tone="success">Subscribed</Badge>
                  ) : (
                    <Badge tone="muted">Unsubscribed</Badge>
                  ),
              },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
      <ExportForm file="subscribers.csv" label="current subscribers" />
    </>
  );
}
