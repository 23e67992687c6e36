import { DataTable, Pagination } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import type { Route } from "./+types/messages-tab";
import { listMessages } from "./submissions.server";
import { messagesTab } from "./tabs";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, tabRoles(messagesTab));
  return loadList(() => listMessages(pageFrom(request)), "Failed to load messages");
}

export const meta = () => [{ title: "Messages - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function MessagesTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError } = loaderData;
  return (
    <>
      <h2 className="sr-only">Messages</h2>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Contact messages, newest first"
            rows={list.rows}
            emptyText="No contact messages yet."
            columns={[
              { header: "Name", cell: (row) => row.name },
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
      <ExportForm file="messages.csv" label="messages" />
    </>
  );
}
