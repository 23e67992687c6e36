/**
 * /admin/donations/:id/dedication: a gift's dedication for finance staff and admins
 * (docs/decisions/236-managing-a-dedication.md): the card's status, corrections of a misspelt
 * name (and the message and date) before it goes, a resend after, and every change logged with
 * the staff member's address.
 */
import { data, Form, Link } from "react-router";
import { ErrorList } from "#app/components/forms";
import { MAX_RESENDS } from "#app/features/tributes/rules";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { requireRole } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { redirectWithToast } from "#app/lib/toast.server";
import {
  correctDedication,
  dedicationChanges,
  dedicationOfGift,
  resendCard,
} from "../dedications.server";
import type { Route } from "./+types/dedication";

/** The roles of the Donations tab, which this page belongs to. */
const ROLES = ["finance" as const];

/** The form components' words (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, ROLES);
  const view = await dedicationOfGift(params.id);
  if (!view) throw data(null, { status: 404 });
  const changes = await dedicationChanges(view.id);
  return {
    messages: pageMessages(request, handle),
    view: {
      kind: view.kind,
      honoree: view.honoree,
      recipientName: view.recipientName,
      recipientEmail: view.recipientEmail,
      message: view.message,
      cardLanguage: view.cardLanguage,
      sendOn: view.sendOn,
      showAmount: view.showAmount,
      status: view.status,
      resendCount: view.resendCount,
      correctable: view.correctable,
      resendable: view.resendable,
      sentAt: view.cardSentAt ? formatDisplayDate(view.cardSentAt) : null,
    },
    changes: changes.map((change) => ({
      id: change.id,
      at: formatDisplayDate(change.createdAt),
      actor: change.actor,
      change: change.change,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertFormPost(request);
  const user = await requireRole(request, ROLES);
  const view = await dedicationOfGift(params.id);
  if (!view) throw data(null, { status: 404 });
  const formData = await readForm(request);
  const back = `/admin/donations/${view.donationId}/dedication`;
  if (formData.get("intent") === "resend") {
    const resent = await resendCard(view, user.email);
    return redirectWithToast(back, {
      type: resent ? "success" : "error",
      title: resent ? "The card is on its way again." : "The card cannot be sent again.",
    });
  }
  const result = await correctDedication(view, formData, { actor: user.email, locale: "en" });
  if (!result.ok) return data({ error: result.fieldErrors }, { status: 400 });
  return redirectWithToast(back, { type: "success", title: "Dedication corrected" });
}

export const meta = () => [{ title: "Dedication - Admin Dashboard" }];

const KIND = { honor: "In honor of", memory: "In memory of" } as const;

function Input({
  name,
  label,
  value,
  errors,
  type = "text",
}: {
  name: string;
  label: string;
  value: string;
  errors?: string[];
  type?: "text" | "date";
}) {
  const id = `staff-dedication-${name}`;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className="field-input"
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export default function StaffDedication({ loaderData, actionData, params }: Route.ComponentProps) {
  const { view, changes } = loaderData;
  const errors = (actionData as { error?: Record<string, string[]> } | undefined)?.error ?? {};
  const card = view.status !== null;
  return (
    <>
      <Link to={`/admin/donations/${params.id}`} className="link">
        Back to the donation
      </Link>
      <section aria-labelledby="dedication-heading" className="card space-y-2">
        <h2 id="dedication-heading" className="text-2xl font-bold">
          {`${KIND[view.kind as keyof typeof KIND] ?? view.kind} ${view.honoree}`}
        </h2>
        {card ? (
          <>
            <p>{`Card to ${view.recipientName} (${view.recipientEmail}), in ${view.cardLanguage === "es" ? "Spanish" : "English"}`}</p>
            <p>{`Send date: ${view.sendOn}, 9 am Houston time; amount ${view.showAmount ? "shown" : "not shown"}`}</p>
            <p>{`Card status: ${view.status}${view.sentAt ? ` (sent ${view.sentAt})` : ""}; sent again ${view.resendCount} of ${MAX_RESENDS} times`}</p>
            {view.message ? <p className="whitespace-pre-line">{view.message}</p> : null}
          </>
        ) : (
          <p>No card was asked for.</p>
        )}
      </section>
      <ErrorList id="staff-dedication-errors" errors={errors[""]} />
      {view.correctable ? (
        <Form method="post" className="card space-y-4" aria-labelledby="correct-heading">
          <h2 id="correct-heading" className="text-xl font-semibold">
            Correct before the card goes
          </h2>
          <input type="hidden" name="intent" value="correct" />
          <Input name="honoree" label="Honoree" value={view.honoree} errors={errors.honoree} />
          {card ? (
            <>
              <Input
                name="recipientName"
                label="Recipient's name"
                value={view.recipientName ?? ""}
                errors={errors.recipientName}
              />
              <Input
                name="message"
                label="Message"
                value={view.message ?? ""}
                errors={errors.message}
              />
              <Input
                name="sendOn"
                type="date"
                label="Send date"
                value={view.sendOn ?? ""}
                errors={errors.sendOn}
              />
            </>
          ) : null}
          <button type="submit" className="btn btn-primary">
            Save corrections
          </button>
        </Form>
      ) : null}
      {view.resendable ? (
        <Form method="post" className="card">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="btn btn-primary">
            Send the card again
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="changes-heading" className="space-y-2">
        <h2 id="changes-heading" className="text-xl font-semibold">
          Changes
        </h2>
        {changes.length === 0 ? (
          <p className="card text-[var(--color-muted)]">No changes yet.</p>
        ) : (
          <ol className="space-y-2">
            {changes.map((change) => (
              <li
                key={change.id}
                className="card"
              >{`${change.at}, ${change.actor}: ${change.change}`}</li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
