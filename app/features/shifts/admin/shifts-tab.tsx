import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable } from "#app/components/admin/data-table";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { SERIES_WEEKS_MAX } from "../limits";
import type { Route } from "./+types/shifts-tab";
import { ShiftFields } from "./shift-fields";
import { shiftsTabAction, shiftsTabLoader } from "./shifts.server";

/** The submit buttons' "sending" words (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request }: Route.LoaderArgs) => ({
  ...(await shiftsTabLoader(request)),
  messages: pageMessages(request, handle),
});

export const action = ({ request }: Route.ActionArgs) => shiftsTabAction(request);

export const meta = () => [{ title: "Shifts - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function NewShift({ opportunities }: { opportunities: { slug: string; title: string }[] }) {
  return (
    <Form method="post" className="card space-y-4" aria-labelledby="new-shift-heading">
      <h3 id="new-shift-heading" className="text-lg font-semibold">
        New shift or weekly series
      </h3>
      <input type="hidden" name="intent" value="create" />
      <div className="field">
        <label htmlFor="new-opportunity" className="field-label">
          Opportunity
        </label>
        <select id="new-opportunity" name="opportunity" required className="field-input">
          {opportunities.map((item) => (
            <option key={item.slug} value={item.slug}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      <ShiftFields id="new" />
      <div className="field">
        <label htmlFor="new-weeks" className="field-label">
          Weeks (1 for a single shift; more repeats it every week on the same weekday)
        </label>
        <input
          id="new-weeks"
          name="weeks"
          type="number"
          min={1}
          max={SERIES_WEEKS_MAX}
          defaultValue={1}
          required
          className="field-input"
        />
      </div>
      <SubmitButton className="btn btn-primary">Create</SubmitButton>
    </Form>
  );
}

function NewOpportunity() {
  return (
    <Form method="post" className="card space-y-4" aria-labelledby="new-opportunity-heading">
      <h3 id="new-opportunity-heading" className="text-lg font-semibold">
        New opportunity
      </h3>
      <input type="hidden" name="intent" value="add-opportunity" />
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ["slug", "Short name (letters, digits, hyphens)"],
          ["titleEn", "Name (English)"],
          ["titleEs", "Name (Spanish)"],
        ].map(([name, label]) => (
          <div key={name} className="field">
            <label htmlFor={`opportunity-${name}`} className="field-label">
              {label}
            </label>
            <input
              id={`opportunity-${name}`}
              name={name}
              required
              maxLength={80}
              className="field-input"
            />
          </div>
        ))}
      </div>
      <SubmitButton className="btn btn-outline">Add opportunity</SubmitButton>
    </Form>
  );
}

function Hours({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { hours, range, rangeError } = loaderData;
  return (
    <section aria-labelledby="hours-heading" className="card space-y-4">
      <h3 id="hours-heading" className="text-lg font-semibold">
        Hours served per volunteer
      </h3>
      <Form method="get" className="flex flex-wrap items-end gap-4">
        <div className="field">
          <label htmlFor="hours-from" className="field-label">
            From
          </label>
          <input
            id="hours-from"
            name="from"
            type="date"
            defaultValue={range.from}
            className="field-input"
          />
        </div>
        <div className="field">
          <label htmlFor="hours-to" className="field-label">
            To
          </label>
          <input
            id="hours-to"
            name="to"
            type="date"
            defaultValue={range.to}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn btn-outline">
          Show hours
        </button>
      </Form>
      {rangeError ? <p role="alert">{rangeError}</p> : null}
      {hours ? (
        <DataTable
          caption="Hours served per volunteer (attended shifts)"
          rows={hours}
          emptyText="No attended shifts in these dates."
          columns={[
            { header: "Name", cell: (row) => row.name },
            { header: "Email", cell: (row) => row.email },
            { header: "Shifts", cell: (row) => row.shifts },
            { header: "Hours", cell: (row) => row.hours },
          ]}
        />
      ) : null}
    </section>
  );
}

export default function ShiftsTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError, opportunities } = loaderData;
  return (
    <div className="space-y-6">
      <h2 className="sr-only">Shifts</h2>
      <LoadError message={loadError} />
      {list ? (
        <DataTable
          caption="Upcoming shifts, soonest first"
          rows={list}
          emptyText="No upcoming shifts."
          columns={[
            { header: "Starts", cell: (row) => row.when, nowrap: true },
            {
              header: "Shift",
              cell: (row) => (
                <Link to={`/admin/shifts/${row.id}`} className="link">
                  {row.title}
                </Link>
              ),
            },
            { header: "Place", cell: (row) => row.place },
            { header: "Seats taken", cell: (row) => `${row.seated} of ${row.seats}` },
            { header: "Waiting", cell: (row) => row.waiting },
            {
              header: "Status",
              cell: (row) => (
                <Badge tone={row.status === "cancelled" ? "error" : "success"}>
                  {row.status === "cancelled" ? "Cancelled" : "Scheduled"}
                  {row.series ? " (series)" : ""}
                </Badge>
              ),
            },
          ]}
        />
      ) : null}
      <NewShift opportunities={opportunities} />
      <NewOpportunity />
      <Hours loaderData={loaderData} />
      <ExportForm file="shifts.csv" label="shifts" />
      <ExportForm file="roster.csv" label="rosters" />
    </div>
  );
}
