/**
 * /admin/services/<id>/beds, under the Services tab (docs/decisions/228-bed-update-links.md): the
 * service's counts, set by staff; its update link sent, rotated or revoked; the freshness window;
 * every change, newest first. Plain forms, so it works without JavaScript.
 */
import { Form, Link } from "react-router";
import { AdminTabError } from "#app/components/admin/tab-error";
import {
  capacityText,
  DESCRIPTION_MAX,
  FRESH_HOURS_MAX,
  FRESH_HOURS_MIN,
  KNOWN_UNITS,
  MAX_COUNT,
} from "#app/features/services/index";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import type { Route } from "./+types/beds-editor";
import { bedsAdminAction, bedsAdminLoader } from "./beds-admin.server";

export const handle = {
  messages: ["capacity"],
} satisfies PageMessagesHandle;

export const loader = async ({ request, params }: Route.LoaderArgs) => ({
  ...(await bedsAdminLoader(request, params.id)),
  messages: pageMessages(request, handle),
});

export const action = ({ request, params }: Route.ActionArgs) =>
  bedsAdminAction(request, params.id);

export const meta = () => [{ title: "Places - Services - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function Intent({
  intent,
  label,
  tone = "btn-outline",
}: {
  intent: string;
  label: string;
  tone?: string;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={`btn ${tone}`}>
      {label}
    </button>
  );
}

export default function BedsEditor({ loaderData }: Route.ComponentProps) {
  const { service, counts, link, changes } = loaderData;
  const { t, formatDate } = useLocale();
  const when = (iso: string) =>
    formatDate(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/services" className="link">
          Back to services
        </Link>
      </p>
      <h2 className="text-2xl font-semibold">Places tonight: {service.name}</h2>
      <section aria-labelledby="beds-counts" className="card space-y-3">
        <h3 id="beds-counts" className="text-xl font-semibold">
          Counts
        </h3>
        {counts.length === 0 ? <p>No counts yet: add one below.</p> : null}
        {counts.map((count) => (
          <div key={count.id} className="flex flex-wrap items-end gap-3">
            <p className="min-w-64">
              <strong>{count.description ?? count.unit}</strong>: {capacityText(t, count)}
            </p>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="capacity" value={count.id} />
              <div className="field">
                <label htmlFor={`staff-count-${count.id}`} className="field-label">
                  Available ({count.description ?? count.unit})
                </label>
                <input
                  id={`staff-count-${count.id}`}
                  name="available"
                  type="number"
                  min={0}
                  max={count.limit}
                  required
                  defaultValue={count.available}
                  className="field-input w-28"
                />
              </div>
              <Intent intent="count" label="Save count" tone="btn-primary" />
              <Intent intent="remove" label="Remove" />
            </Form>
          </div>
        ))}
      </section>
      <section aria-labelledby="beds-add" className="card space-y-3">
        <h3 id="beds-add" className="text-xl font-semibold">
          Add a count
        </h3>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <div className="field">
            <label htmlFor="beds-unit" className="field-label">
              Unit
            </label>
            <select id="beds-unit" name="unit" className="field-input">
              {KNOWN_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="beds-description" className="field-label">
              For whom (optional, e.g. Women)
            </label>
            <input
              id="beds-description"
              name="description"
              maxLength={DESCRIPTION_MAX}
              className="field-input"
            />
          </div>
          <div className="field">
            <label htmlFor="beds-maximum" className="field-label">
              Maximum (optional)
            </label>
            <input
              id="beds-maximum"
              name="maximum"
              type="number"
              min={1}
              max={MAX_COUNT}
              className="field-input w-28"
            />
          </div>
          <div className="field">
            <label htmlFor="beds-available" className="field-label">
              Available now
            </label>
            <input
              id="beds-available"
              name="available"
              type="number"
              min={0}
              max={MAX_COUNT}
              required
              className="field-input w-28"
            />
          </div>
          <Intent intent="add" label="Add count" tone="btn-primary" />
        </Form>
      </section>
      <section aria-labelledby="beds-window" className="card space-y-3">
        <h3 id="beds-window" className="text-xl font-semibold">
          Freshness window
        </h3>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <div className="field">
            <label htmlFor="beds-hours" className="field-label">
              Hours a count stays true (then the finder says "Call to check beds")
            </label>
            <input
              id="beds-hours"
              name="hours"
              type="number"
              min={FRESH_HOURS_MIN}
              max={FRESH_HOURS_MAX}
              required
              defaultValue={service.freshHours}
              className="field-input w-28"
            />
          </div>
          <Intent intent="window" label="Save window" tone="btn-primary" />
        </Form>
      </section>
      <section aria-labelledby="beds-link" className="card space-y-3">
        <h3 id="beds-link" className="text-xl font-semibold">
          Update link
        </h3>
        {link ? (
          <>
            <p>
              Anyone with this link can change the counts:{" "}
              <code className="break-all">{link.url}</code>
            </p>
            {link.sentTo && link.sentAt ? (
              <p>
                Last sent to {link.sentTo} on {when(link.sentAt)}.
              </p>
            ) : null}
          </>
        ) : (
          <p>No live link: sending one makes it.</p>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <div className="field">
            <label htmlFor="beds-email" className="field-label">
              Send to (e-mail)
            </label>
            <input
              id="beds-email"
              name="email"
              type="email"
              required
              maxLength={254}
              className="field-input"
            />
          </div>
          <div className="field">
            <label htmlFor="beds-language" className="field-label">
              Language of the e-mail and the page
            </label>
            <select id="beds-language" name="language" className="field-input">
              <option value="en">English</option>
              <option value="es">Spanish</option>
            </select>
          </div>
          <Intent intent="send" label="Send the link" tone="btn-primary" />
        </Form>
        <Form method="post" className="flex flex-wrap gap-3">
          <Intent intent="rotate" label="Make a new link (the old one stops working)" />
          {link ? <Intent intent="revoke" label="Turn the link off" /> : null}
        </Form>
      </section>
      <section aria-labelledby="beds-history" className="card space-y-3">
        <h3 id="beds-history" className="text-xl font-semibold">
          Changes, newest first
        </h3>
        {changes.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <table className="w-full text-left">
            <caption className="sr-only">Every change of the counts</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Count</th>
                <th scope="col">Available</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={`${change.capacityId}-${change.changedAt}`}>
                  <td>{when(change.changedAt)}</td>
                  <td>{change.description ?? change.unitName}</td>
                  <td>{change.available === 0 ? "0 (full)" : change.available}</td>
                  <td>
                    {change.source === "staff"
                      ? `staff (${change.staffName ?? ""})`
                      : change.source}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
