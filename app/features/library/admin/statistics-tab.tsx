import { AdminTabError } from "#app/components/admin/tab-error";
import type { Route } from "./+types/statistics-tab";
import { libraryTabAction, libraryTabLoader } from "./library.server";
import { LibraryTab, libraryTabMeta } from "./library-tab";
import { libraryTabHandle } from "./tab-messages";

export const handle = libraryTabHandle;

export const loader = ({ request }: Route.LoaderArgs) => libraryTabLoader(request, "statistics");

export const action = ({ request }: Route.ActionArgs) => libraryTabAction(request, "statistics");

export const meta = () => libraryTabMeta("statistics");

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function StatisticsTab({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LibraryTab
      kind="statistics"
      {...loaderData}
      actionData={actionData}
      columns={[
        {
          header: "Source",
          cell: (row) =>
            row.sourceUrl ? (
              <a href={row.sourceUrl} className="link" target="_blank" rel="noopener noreferrer">
                {row.source}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              row.source
            ),
        },
        { header: "Date", cell: (row) => row.statisticDate },
      ]}
    />
  );
}
