import { Form } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable } from "#app/components/admin/data-table";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { BannerForm } from "../components/banner-form";
import type { Route } from "./+types/weather-tab";
import { type ShownRow, weatherTabAction, weatherTabLoader } from "./weather.server";

export const handle = {
  messages: ["forms", "validation"],
} satisfies PageMessagesHandle;

export const loader = async ({ request }: Route.LoaderArgs) => ({
  ...(await weatherTabLoader(request)),
  messages: pageMessages(request, handle),
});

export const action = ({ request }: Route.ActionArgs) => weatherTabAction(request);

export const meta = () => [{ title: "Weather - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function RowAction({ row }: { row: ShownRow }) {
  if (!row.open) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {row.isDraft ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={row.id} />
          <SubmitButton className="btn btn-primary">
            Publish<span className="sr-only"> the {row.kind} banner</span>
          </SubmitButton>
        </Form>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="end" />
        <input type="hidden" name="id" value={row.id} />
        <SubmitButton className="btn btn-outline">
          End now<span className="sr-only"> the {row.kind} banner</span>
        </SubmitButton>
      </Form>
    </div>
  );
}

export default function WeatherTab({ loaderData, actionData }: Route.ComponentProps) {
  const { list, loadError, now, defaultLinks } = loaderData;
  return (
    <>
      <h2 className="sr-only">Weather</h2>
      <LoadError message={loadError} />
      {list ? (
        <DataTable
          caption="Weather banners, current first"
          rows={list}
          emptyText="No weather banners yet."
          columns={[
            {
              header: "Banner",
              cell: (row) => (
                <>
                  <p className="font-semibold">{row.kind}</p>
                  <p>{row.messageEn}</p>
                  {row.messageEs ? <p lang="es">{row.messageEs}</p> : null}
                  <p className="text-[var(--color-muted)]">{row.link}</p>
                </>
              ),
            },
            {
              header: "State",
              cell: (row) => (
                <Badge
                  tone={
                    row.state === "Showing now"
                      ? "success"
                      : row.isDraft && row.open
                        ? "warning"
                        : "muted"
                  }
                >
                  {row.state}
                </Badge>
              ),
            },
            { header: "From", cell: (row) => row.starts, nowrap: true },
            { header: "Until", cell: (row) => row.ends, nowrap: true },
            {
              header: "Source",
              cell: (row) =>
                row.nwsAlertUrl ? (
                  <a href={row.nwsAlertUrl} className="link" rel="noreferrer">
                    NWS: {row.nwsEvent}
                  </a>
                ) : (
                  "Staff"
                ),
            },
            { header: "Action", cell: (row) => <RowAction row={row} /> },
          ]}
        />
      ) : null}
      <BannerForm lastResult={actionData} now={now} defaultLinks={defaultLinks} />
    </>
  );
}
