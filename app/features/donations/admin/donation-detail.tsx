import { data, Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { RefundReason } from "#app/features/donations/payments/provider";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { giftAddOns } from "../add-ons.server";
import type { Route } from "./+types/donation-detail";
import { donationDetail } from "./donations.server";
import { refundAction } from "./refunds.server";
import { donationsTab } from "./tab";

/** The refund form's button says it is sending in the visitor's words. */
export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

/**
 * /admin/donations/:id: one donation for finance staff, with its payment history
 * (docs/decisions/080-donations-for-finance-staff.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, tabRoles(donationsTab));
  const donation = await donationDetail(params.id);
  if (!donation) throw data(null, { status: 404 });
  return {
    donation,
    dedication: await giftAddOns().dedications.summary(donation.id),
    messages: pageMessages(request, handle),
  };
}

export const action = ({ request, params }: Route.ActionArgs) => refundAction(request, params.id);

export const meta = () => [{ title: "Donation - Admin Dashboard" }];

function BackLink() {
  return (
    <Link to="/admin/donations" className="link">
      Back to donations
    </Link>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div role="alert" className="card space-y-2">
        <h2 className="text-xl font-semibold">Donation not found</h2>
        <p>No donation is recorded at this address. The link may be mistyped or incomplete.</p>
        <BackLink />
      </div>
    );
  }
  return <AdminTabError />;
}

const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: "The donor asked for it",
  duplicate: "A duplicate gift",
  fraudulent: "Fraudulent",
};

/** Gives back all or part of a paid gift (docs/decisions/256-refunds-from-the-dashboard.md). */
function RefundForm({ refundable }: { refundable: { shown: string; dollars: string } }) {
  return (
    <section aria-labelledby="refund-heading" className="card space-y-3">
      <h2 id="refund-heading" className="text-xl font-semibold">
        Refund
      </h2>
      <p>
        {`Up to ${refundable.shown} can be refunded. The totals, and a fundraiser's raised amount, lose it once the payment provider confirms the refund.`}
      </p>
      <Form method="post" className="space-y-2">
        <label htmlFor="refund-amount" className="field-label">
          Amount to refund (USD)
        </label>
        <input
          id="refund-amount"
          name="amount"
          required
          inputMode="decimal"
          maxLength={20}
          defaultValue={refundable.dollars}
          className="field-input"
        />
        <label htmlFor="refund-reason" className="field-label">
          Reason
        </label>
        <select id="refund-reason" name="reason" required className="field-input">
          {Object.entries(REFUND_REASON_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <SubmitButton className="btn btn-outline">Refund</SubmitButton>
      </Form>
    </section>
  );
}

const statusTones = { succeeded: "success", pending: "warning", other: "error" } as const;

/** A list of labelled facts; a fact without a value is left out rather than shown empty. */
function Facts({ items }: { items: [label: string, value: string | null][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {items
        .filter(([, value]) => value !== null && value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export default function DonationDetail({ loaderData }: Route.ComponentProps) {
  const { donation, dedication } = loaderData;
  return (
    <>
      <BackLink />
      <section aria-labelledby="donation-heading" className="card space-y-4">
        <h2 id="donation-heading" className="text-2xl font-bold">
          {`${donation.amount} ${donation.type.toLowerCase()} donation from ${donation.donor}`}
        </h2>
        <p className="flex items-center gap-2">
          <span className="font-semibold">Status</span>
          <Badge tone={statusTones[donation.tone]}>{donation.status}</Badge>
        </p>
        <Facts
          items={[
            ["Public name", donation.donor],
            [
              donation.isAnonymous ? "Name given (never shown publicly)" : "Name given",
              donation.donorName,
            ],
            ["Email", donation.email],
            ["Gift", donation.amount],
            ["Fee covered by the donor", donation.fee],
            ["Charged in all", donation.charged],
            ["Refunded", donation.refunded],
            ["Counted in the totals", donation.counted],
            ["Type", donation.type],
            ["Currency", donation.currency],
            ["Payment reference", donation.reference],
            ["Payment intent", donation.paymentIntent],
            ["Failure message", donation.failureMessage],
            ["Language", donation.language],
            ["Newsletter", donation.newsletterOptIn ? "Opted in" : "Not opted in"],
            ["Created", donation.created],
            ["Succeeded", donation.succeeded],
            ["Last updated", donation.updated],
          ]}
        />
      </section>
      {donation.refundable ? <RefundForm refundable={donation.refundable} /> : null}
      {dedication ? (
        <section aria-labelledby="dedication-heading" className="card space-y-2">
          <h2 id="dedication-heading" className="text-xl font-semibold">
            Dedication
          </h2>
          <p>{dedication.text}</p>
          <p>{`Card: ${dedication.cardStatus ?? "none asked for"}`}</p>
          <Link to={`/admin/donations/${donation.id}/dedication`} className="link">
            See, correct or resend the dedication
          </Link>
        </section>
      ) : null}
      {donation.gift ? (
        <section aria-labelledby="gift-heading" className="card space-y-4">
          <h2 id="gift-heading" className="text-xl font-semibold">
            Monthly gift
          </h2>
          <Facts
            items={[
              ["Amount each month", donation.gift.amount],
              ["Fee covered each month", donation.gift.fee],
              ["Status", donation.gift.status],
              ["Subscription reference", donation.gift.subscription],
              ["Customer reference", donation.gift.customer],
              ["Started", donation.gift.started],
              ["Canceled", donation.gift.canceled],
            ]}
          />
        </section>
      ) : null}
      <section aria-labelledby="history-heading" className="space-y-4">
        <h2 id="history-heading" className="text-xl font-semibold">
          Payment history
        </h2>
        {donation.events.length === 0 ? (
          <p className="card text-[var(--color-muted)]">No payment events recorded yet.</p>
        ) : (
          <ol className="space-y-3">
            {donation.events.map((event) => (
              <li key={event.id} className="card">
                <p className="font-semibold">
                  {event.occurred}: {event.type}
                </p>
                <p>{event.outcome}</p>
                <p className="text-sm break-all text-[var(--color-muted)]">{`Event ${event.id}`}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
