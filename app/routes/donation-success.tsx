import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { GiftSummaryList } from "#app/components/donation/gift-summary";
import { findGiftForSuccessPage } from "#app/lib/donations/checkout.server";
import { statusLabel } from "#app/lib/donations/status";
import type { Route } from "./+types/donation-success";

/** D2: the page Stripe returns to. It never 404s; the status comes from the webhook, not the visit. */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    gift: await findGiftForSuccessPage(new URL(request.url)),
  };
}

export const meta = () => [{ title: "Thank you - Houston Home Foundation" }];

const REFRESH_SECONDS = 3;

const statusText: Record<string, string> = {
  pending: "We are confirming your payment with the card network. This page updates by itself.",
  processing:
    "Your bank payment is on its way. Bank payments take a few business days to settle; we will e-mail your receipt when it does.",
  succeeded: "Your payment went through. Your tax receipt is on its way to your e-mail.",
  failed: "Your payment did not go through.",
  canceled: "This payment was canceled. Nothing was charged.",
  refunded: "This gift was refunded.",
};

/** Settling states: the page keeps checking until the payment provider has the last word. */
function isSettling(status: string) {
  return status === "pending" || status === "processing";
}

export default function DonationSuccessPage({ loaderData }: Route.ComponentProps) {
  const { gift } = loaderData;
  const revalidator = useRevalidator();
  const settling = gift !== null && isSettling(gift.status);
  useEffect(() => {
    if (!settling) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [settling, revalidator]);

  if (!gift) {
    return (
      <main id="main-content" className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-4xl font-bold">We could not find this donation</h1>
        <p className="mt-4 text-lg">
          The link may be incomplete. If you just gave, thank you: your receipt will reach your
          e-mail as soon as the payment is confirmed, and it has a link to see all your gifts.
        </p>
        <p className="mt-6 flex flex-wrap gap-4">
          <Link to="/#donate" className="btn btn-accent">
            Make a donation
          </Link>
          <Link to="/contact" className="btn btn-primary">
            Contact us
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-16">
      {/* Without JavaScript the browser reloads the page while the payment settles. */}
      {settling ? <meta httpEquiv="refresh" content={String(REFRESH_SECONDS * 2)} /> : null}
      <h1 className="text-4xl font-bold">
        {gift.status === "failed" || gift.status === "canceled"
          ? "Your donation was not completed"
          : "Thank you for your gift!"}
      </h1>
      <div className="card mt-8 space-y-4">
        <GiftSummaryList gift={gift} />
        <p aria-live="polite" aria-atomic="true">
          <strong>Status: {statusLabel(gift.status)}</strong>
          <br />
          {statusText[gift.status] ?? ""}
          {gift.status === "failed" && gift.failureMessage ? ` ${gift.failureMessage}` : ""}
        </p>
      </div>
      <p className="mt-6">
        <Link to="/" className="link">
          Return to Home
        </Link>
      </p>
    </main>
  );
}
