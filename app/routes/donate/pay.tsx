import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { GiftSummaryList } from "#app/components/donation/gift-summary";
import { TestCardForm } from "#app/components/donation/test-card-form";
import { loadPaymentPage, payWithTestCard } from "#app/lib/donations/checkout.server";
import { contactInfo } from "#app/lib/site";
import { useHydrated } from "#app/lib/use-hydrated";
import type { Route } from "./+types/pay";

// Stripe's code is in its own chunk, fetched only when this page renders its card step.
const StripePaymentForm = lazy(() => import("#app/components/donation/stripe-payment-form"));

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadPaymentPage(params.id, new URL(request.url).searchParams.get("token"));
}

export async function action({ request, params }: Route.ActionArgs) {
  return payWithTestCard(request, params.id);
}

export const meta = () => [{ title: "Complete your donation - Houston Home Foundation" }];

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gift, token, stripe, returnUrl } = loaderData;
  const hydrated = useHydrated();
  const changeLink = `/donate?${new URLSearchParams({
    edit: token,
    amount: String(gift.amount / 100),
    frequency: gift.isMonthly ? "monthly" : "once",
  })}`;
  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-4xl font-bold">Complete your donation</h1>
      <section aria-labelledby="gift-heading" className="card mt-8 space-y-4">
        <h2 id="gift-heading" className="text-2xl font-bold">
          Your gift
        </h2>
        <GiftSummaryList gift={gift} />
        <Link to={changeLink} className="link inline-block">
          Change the amount or frequency
        </Link>
      </section>
      {gift.status === "failed" && gift.failureMessage ? (
        <p role="alert" className="mt-6 font-semibold text-[var(--color-error)]">
          Your last attempt did not go through: {gift.failureMessage} Please try again.
        </p>
      ) : null}
      <section aria-labelledby="pay-heading" className="card mt-6 space-y-4">
        <h2 id="pay-heading" className="text-2xl font-bold">
          Payment
        </h2>
        {stripe?.clientSecret ? (
          <>
            <noscript>
              <p>
                Card payment needs JavaScript. To give without it, please call us at{" "}
                {contactInfo.phone}.
              </p>
            </noscript>
            {hydrated ? (
              <Suspense fallback={<p>Loading the secure payment form...</p>}>
                <StripePaymentForm
                  publishableKey={stripe.publishableKey}
                  clientSecret={stripe.clientSecret}
                  total={gift.total}
                  returnUrl={returnUrl}
                />
              </Suspense>
            ) : null}
          </>
        ) : stripe ? (
          <p role="alert">Could not initialize payment. Please go back and try again.</p>
        ) : (
          <TestCardForm total={gift.total} token={token} lastResult={actionData} />
        )}
      </section>
    </main>
  );
}
