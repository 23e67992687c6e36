import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable } from "#app/components/admin/data-table";
import { AdminTabError } from "#app/components/admin/tab-error";
import { ErrorList, SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { NEW_PAGE_PREFIX } from "../addresses";
import type { Route } from "./+types/pages-tab";
import { pagesTabAction, pagesTabLoader } from "./pages-tab.server";

export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request }: Route.LoaderArgs) => ({
  ...(await pagesTabLoader(request)),
  messages: pageMessages(request, handle),
});

export const action = ({ request }: Route.ActionArgs) => pagesTabAction(request);

export const meta = () => [{ title: "Pages - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const tones = {
  "not-published": "muted",
  published: "success",
  changed: "warning",
  "out-of-date": "warning",
} as const;

function LanguageCell({ row, language }: { row: Row; language: "en" | "es" }) {
  const summary = row[language];
  const name = language === "en" ? "English" : "Spanish";
  return (
    <div className="space-y-1">
      <Badge tone={tones[summary.state]}>{summary.stateName}</Badge>
      {summary.scheduled ? <p>Publishes at {summary.scheduled}</p> : null}
      {row.pageId ? (
        <p>
          <Link className="link" to={`/admin/pages/${row.pageId}/${language}`}>
            Edit {name}
            <span className="sr-only"> of {row.path}</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A site address nobody has written yet gets its page on the first "Write". */
function OpenCell({ row }: { row: Row }) {
  if (row.pageId) return null;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="address" value={row.path} />
      <SubmitButton className="btn btn-outline">
        Write<span className="sr-only"> {row.path}</span>
      </SubmitButton>
    </Form>
  );
}

export default function PagesTab({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h2 className="sr-only">Pages</h2>
      <p className="mb-4">
        Each page has an English and a Spanish version, published separately. A Spanish address
        whose Spanish version is not published shows the English page with a notice.
      </p>
      <DataTable
        caption="The site's pages"
        rows={loaderData.rows}
        emptyText="No pages yet."
        columns={[
          { header: "Address", cell: (row) => <code>{row.path}</code> },
          { header: "Title", cell: (row) => row.en.title || row.es.title },
          { header: "English", cell: (row) => <LanguageCell row={row} language="en" /> },
          { header: "Spanish", cell: (row) => <LanguageCell row={row} language="es" /> },
          { header: "Action", cell: (row) => <OpenCell row={row} /> },
        ]}
      />
      <section aria-labelledby="new-page-heading" className="card mt-8 max-w-xl">
        <h3 id="new-page-heading" className="text-xl font-bold">
          Add a page
        </h3>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="new" />
          <div className="field">
            <label htmlFor="new-page-slug" className="field-label">
              Address (after {NEW_PAGE_PREFIX})
            </label>
            <input
              id="new-page-slug"
              name="slug"
              className="field-input"
              required
              maxLength={80}
              aria-describedby="new-page-errors"
            />
            <ErrorList
              id="new-page-errors"
              errors={actionData?.error ? [actionData.error] : null}
            />
          </div>
          <SubmitButton className="btn btn-primary">Add page</SubmitButton>
        </Form>
      </section>
    </>
  );
}
