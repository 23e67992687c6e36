import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable } from "#app/components/admin/data-table";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import type { Route } from "./+types/shift-detail";
import { shiftDetailAction, shiftDetailLoader } from "./shift-detail.server";
import { ShiftFields } from "./shift-fields";

export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request, params }: Route.LoaderArgs) => ({
  ...(await shiftDetailLoader(request, params.id)),
  messages: pageMessages(request, handle),
});

export const action = ({ request, params }: Route.ActionArgs) =>
  shiftDetailAction(request, params.id);

export const meta = () => [{ title: "Shift - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

/** "This shift" or "this and the later shifts of its series", for a series. */
function Scope({ id, series }: { id: string; series: boolean }) {
  if (!series) return <input type="hidden" name="scope" value="one" />;
  return (
    <fieldset className="space-y-1">
      <legend className="font-semibold">Apply to</legend>
      <div className="flex items-center gap-2">
        <input id={`${id}-one`} type="radio" name="scope" value="one" defaultChecked />
        <label htmlFor={`${id}-one`}>This shift only</label>
      </div>
      <div className="flex items-center gap-2">
        <input id={`${id}-rest`} type="radio" name="scope" value="rest" />
        <label htmlFor={`${id}-rest`}>This shift and the rest of its series</label>
      </div>
    </fieldset>
  );
}

type Person = Route.ComponentProps["loaderData"]["people"][number];

function Attendance({ person }: { person: Person }) {
  if (person.status !== "seated")
    return person.lateCancellation ? <Badge tone="warning">Late cancellation</Badge> : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {person.attendance ? <Badge tone="muted">{person.attendance}</Badge> : null}
      {(["attended", "no-show"] as const).map((value) => (
        <Form key={value} method="post" preventScrollReset>
          <input type="hidden" name="intent" value="attendance" />
          <input type="hidden" name="signup" value={person.id} />
          <input type="hidden" name="attendance" value={value} />
          <SubmitButton className="btn btn-outline">
            {value === "attended" ? "Attended" : "No-show"}
            <span className="sr-only"> {person.name}</span>
          </SubmitButton>
        </Form>
      ))}
    </div>
  );
}

export default function ShiftDetail({ loaderData }: Route.ComponentProps) {
  const { shift, people } = loaderData;
  const open = shift.status === "scheduled";
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/shifts" className="link">
          All shifts
        </Link>
      </p>
      <h2 className="text-2xl font-semibold">
        {shift.titleEn}{" "}
        <Badge tone={open ? "success" : "error"}>{open ? "Scheduled" : "Cancelled"}</Badge>
      </h2>
      <DataTable
        caption="Roster, in the order people signed up"
        rows={people}
        emptyText="Nobody has signed up yet."
        columns={[
          { header: "Name", cell: (row) => row.name },
          { header: "Email", cell: (row) => row.email },
          { header: "Phone", cell: (row) => row.phone },
          { header: "Signed up at", cell: (row) => row.signedUpAt, nowrap: true },
          { header: "Place", cell: (row) => row.status },
          { header: "Attendance", cell: (row) => <Attendance person={row} /> },
        ]}
      />
      {open ? (
        <>
          <Form method="post" className="card space-y-4" aria-labelledby="change-heading">
            <h3 id="change-heading" className="text-lg font-semibold">
              Change this shift
            </h3>
            <p>Everyone on it gets an e-mail with the updated calendar entry.</p>
            <input type="hidden" name="intent" value="change" />
            <ShiftFields id="change" values={shift} />
            <Scope id="change-scope" series={shift.series} />
            <SubmitButton className="btn btn-primary">Save changes</SubmitButton>
          </Form>
          <Form method="post" className="card space-y-4" aria-labelledby="cancel-heading">
            <h3 id="cancel-heading" className="text-lg font-semibold">
              Cancel this shift
            </h3>
            <p>Everyone on it is e-mailed, and the entry leaves their calendars.</p>
            <input type="hidden" name="intent" value="cancel" />
            <Scope id="cancel-scope" series={shift.series} />
            <SubmitButton className="btn btn-outline">Cancel shift</SubmitButton>
          </Form>
        </>
      ) : null}
    </div>
  );
}
