import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
import { useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";
import { showToast } from "#app/lib/toasts";

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe.js is fetched from Stripe only here, at the card step (this module is loaded lazily). */
function stripeFor(publishableKey: string) {
  stripePromise ??= loadStripe(publishableKey);
  return stripePromise;
}

function CardStep({ total, returnUrl }: { total: number; returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const { t, locale } = useLocale();
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) {
      showToast.error(t("toast.error"), { description: t("payment.notReady") });
      return;
    }
    setBusy(true);
    const { error: submitError } = await elements.submit();
    if (submitError) {
      setBusy(false);
      return; // the Payment Element shows what to fix next to the field
    }
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
    });
    // Only reached when the payment could not be confirmed (success leaves for the return URL).
    setBusy(false);
    showToast.error(t("payment.failed"), { description: error.message ?? t("toast.tryAgain") });
  }

  return (
    <form onSubmit={pay} aria-label={t("payment.card.formLabel")} className="space-y-4">
      <PaymentElement options={{ layout: "tabs" }} />
      <button type="submit" disabled={busy} className="btn btn-accent w-full text-lg">
        {busy
          ? t("donation.processing")
          : t("payment.pay", { amount: formatCents(total, "usd", locale) })}
      </button>
    </form>
  );
}

/**
 * Stripe's Payment Element for one pending donation: cards, wallets (Apple Pay, Google Pay) and US
 * bank accounts, as enabled in the Stripe account. Confirming returns to /donation-success.
 */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  total,
  returnUrl,
}: {
  publishableKey: string;
  clientSecret: string;
  total: number;
  returnUrl: string;
}) {
  // Stripe writes its own labels and messages in the page's language.
  const { locale } = useLocale();
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, locale }}>
      <CardStep total={total} returnUrl={returnUrl} />
    </Elements>
  );
}
