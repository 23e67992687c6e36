import { AdminTabError } from "#app/components/admin/tab-error";
import type { Route } from "./+types/links-tab";
import { libraryTabAction, libraryTabLoader } from "./library.server";
import { LibraryTab, libraryTabMeta } from "./library-tab";
import { libraryTabHandle } from "./tab-messages";

export const handle = libraryTabHandle;

export const loader = ({ request }: Route.LoaderArgs) => libraryTabLoader(request, "links");

export const action = ({ request }: Route.ActionArgs) => libraryTabAction(request, "links");

export const meta = () => libraryTabMeta("links");

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function LinksTab({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LibraryTab
      kind="links"
      {...loaderData}
      actionData={actionData}
      columns={[
        {
          header: "URL",
          cell: (row) => (
            <a href={row.url} className="link" target="_blank" rel="noopener noreferrer">
              {row.url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ),
        },
        { header: "Category", cell: (row) => row.category || "Resource" },
      ]}
    />
  );
}
