import { AdminTabError } from "#app/components/admin/tab-error";
import type { Route } from "./+types/documents-tab";
import { libraryTabAction, libraryTabLoader } from "./library.server";
import { LibraryTab, libraryTabMeta } from "./library-tab";
import { libraryTabHandle } from "./tab-messages";

export const handle = libraryTabHandle;

export const loader = ({ request }: Route.LoaderArgs) => libraryTabLoader(request, "documents");

export const action = ({ request }: Route.ActionArgs) => libraryTabAction(request, "documents");

export const meta = () => libraryTabMeta("documents");

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function DocumentsTab({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LibraryTab
      kind="documents"
      {...loaderData}
      actionData={actionData}
      columns={[
        {
          header: "File",
          cell: (row) => (
            <>
              <a href={row.fileUrl} className="link" download>
                Download<span className="sr-only"> {row.title}</span>
              </a>
              <p className="text-[var(--color-muted)]">
                {row.fileType}, {row.fileSize}
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
