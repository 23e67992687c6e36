import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { loadPaymentPage, payWithTestCard } from "#app/features/donations/checkout.server";
import { GiftSummaryList } from "#app/features/donations/components/gift-summary";
import { TestCardForm } from "#app/features/donations/components/test-card-form";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { contactInfo } from "#app/lib/organization";
import { pageMeta } from "#app/lib/seo";
import { useHydrated } from "#app/lib/use-hydrated";
import type { Route } from "./+types/pay";

// Stripe's code is in its own chunk, fetched only when this page renders its card step.
const StripePaymentForm = lazy(
  () => import("#app/features/donations/components/stripe-payment-form"),
);

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["donation", "forms", "meta", "payment", "toast", "validation"],
} satisfies PageMessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  return {
    ...(await loadPaymentPage(request, params.id)),
    messages: pageMessages(request, handle),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return payWithTestCard(request, params.id);
}

export function meta(args: Route.MetaArgs) {
  // A donor's own payment link: kept out of search engines.
  return pageMeta(args, (t) => ({ title: t("meta.pay.title"), noindex: true }));
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gift, token, stripe, returnUrl } = loaderData;
  const { t, href } = useLocale();
  const hydrated = useHydrated();
  const changeLink = href(
    `/donate?${new URLSearchParams({
      edit: token,
      amount: String(gift.amount / 100),
      frequency: gift.isMonthly ? "monthly" : "once",
    })}`,
  );
  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("payment.heading")}</h1>
      <section aria-labelledby="gift-heading" className="card mt-8 space-y-4">
        <h2 id="gift-heading" className="text-2xl font-bold">
          {t("payment.yourGift")}
        </h2>
        <GiftSummaryList gift={gift} />
        <Link to={changeLink} className="link inline-block">
          {t("payment.change")}
        </Link>
      </section>
      {gift.status === "failed" && gift.failureMessage ? (
        <p role="alert" className="mt-6 font-semibold text-[var(--color-error)]">
          {t("payment.lastAttemptFailed", { reason: gift.failureMessage })}
        </p>
      ) : null}
      <section aria-labelledby="pay-heading" className="card mt-6 space-y-4">
        <h2 id="pay-heading" className="text-2xl font-bold">
          {t("payment.paymentHeading")}
        </h2>
        {stripe?.clientSecret ? (
          <>
            <noscript>
              <p>{t("payment.needsJavaScript", { phone: contactInfo.phone })}</p>
            </noscript>
            {hydrated ? (
              <Suspense fallback={<p>{t("payment.loading")}</p>}>
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
          <p role="alert">{t("payment.initFailed")}</p>
        ) : (
          <TestCardForm total={gift.total} token={token} lastResult={actionData} />
        )}
      </section>
    </main>
  );
}
