import { Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable } from "#app/components/admin/data-table";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { IssueForm, isIssueReply } from "../components/issue-form";
import type { Route } from "./+types/newsletters-tab";
import { newslettersTabAction, newslettersTabLoader } from "./newsletters.server";

export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request }: Route.LoaderArgs) => ({
  ...(await newslettersTabLoader(request)),
  messages: pageMessages(request, handle),
});

export const action = ({ request }: Route.ActionArgs) => newslettersTabAction(request);

export const meta = () => [{ title: "Newsletters - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function NewslettersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, bounces } = loaderData;
  return (
    <>
      <h2 className="sr-only">Newsletters</h2>
      <LoadError message={issues.loadError} />
      {issues.list ? (
        <DataTable
          caption="Newsletters, newest first"
          rows={issues.list}
          emptyText="No newsletters yet."
          columns={[
            {
              header: "Subject",
              cell: (row) => (
                <Link to={`/admin/newsletters/${row.id}`} className="link font-semibold">
                  {row.subject}
                </Link>
              ),
            },
            { header: "Languages", cell: (row) => (row.spanish ? "English, Spanish" : "English") },
            {
              header: "State",
              cell: (row) => (
                <Badge
                  tone={
                    row.status === "Sent" ? "success" : row.status === "Draft" ? "muted" : "warning"
                  }
                >
                  {row.status}
                </Badge>
              ),
            },
            { header: "When", cell: (row) => row.when, nowrap: true },
            {
              header: "Counts",
              cell: (row) =>
                row.counts ? (
                  <span>
                    {row.counts.toSend} to send, {row.counts.sent} sent, {row.counts.failed} failed,{" "}
                    {row.unsubscribedSince ?? 0} unsubscribed since
                  </span>
                ) : (
                  "—"
                ),
            },
          ]}
        />
      ) : null}
      <section aria-labelledby="new-newsletter-heading" className="card">
        <h2 id="new-newsletter-heading" className="text-xl font-semibold">
          Write a newsletter
        </h2>
        <p className="mt-1 text-sm text-[var(--color-muted)]">
          Each subscriber gets it in the language they signed up in; Spanish subscribers get the
          English version when there is no Spanish one.
        </p>
        <IssueForm
          prefix="new-newsletter"
          reply={isIssueReply(actionData) ? actionData : null}
          submitLabel="Save draft"
        />
      </section>
      <LoadError message={bounces.loadError} />
      {bounces.list ? (
        <DataTable
          caption="Bounces and complaints, newest first (hard bounces and complaints stop newsletters to the address)"
          rows={bounces.list}
          emptyText="No bounces or complaints."
          columns={[
            { header: "Address", cell: (row) => row.email },
            { header: "Kind", cell: (row) => row.kind },
            { header: "Received", cell: (row) => row.date, nowrap: true },
            { header: "Newsletters", cell: (row) => (row.stopped ? "Stopped" : "Still sent") },
          ]}
        />
      ) : null}
    </>
  );
}
