import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
import { useLocale } from "#app/i18n/translator";
import { showToast } from "#app/lib/toasts";

let stripePromise: Promise<Stripe | null> | undefined;

function CardSetup({ returnUrl }: { returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const { t } = useLocale();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const { error } = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: returnUrl },
    });
    // Reached only when the card could not be set up (success leaves for the return URL).
    setBusy(false);
    showToast.error(t("giving.monthly.cardDeclined"), { description: error.message });
  }

  return (
    <form onSubmit={save} aria-label={t("giving.monthly.cardHeading")} className="space-y-4">
      <PaymentElement options={{ layout: "tabs" }} />
      <button type="submit" disabled={busy} className="btn btn-primary">
        {t("giving.monthly.saveCard")}
      </button>
    </form>
  );
}

/**
 * Stripe's Payment Element confirming a SetupIntent for the gift's customer; Stripe returns to the
 * gift's page with `setup_intent`, whose loader sets the card on the subscription.
 */
export default function StripeCardForm({
  publishableKey,
  clientSecret,
  returnUrl,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
}) {
  const { locale } = useLocale();
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, locale }}>
      <CardSetup returnUrl={returnUrl} />
    </Elements>
  );
}
