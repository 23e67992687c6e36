import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { findGiftForSuccessPage } from "#app/features/donations/checkout.server";
import { GiftSummaryList } from "#app/features/donations/components/gift-summary";
import {
  type DonationStatus,
  isDonationStatus,
  statusLabelKey,
} from "#app/features/donations/status";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/donation-success";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["donation", "meta", "payment", "success"],
} satisfies PageMessagesHandle;

/**
 * The page Stripe returns to (docs/decisions/070-donation-payment-flow.md). It never 404s; the
 * status comes from the webhook, not the visit.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    gift: await findGiftForSuccessPage(new URL(request.url)),
    messages: pageMessages(request, handle),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.donationSuccess.title"), noindex: true }));
}

const REFRESH_SECONDS = 3;

/** What each status means for the donor (catalog keys). */
const statusText = {
  pending: "success.status.pending",
  processing: "success.status.processing",
  succeeded: "success.status.succeeded",
  failed: "success.status.failed",
  canceled: "success.status.canceled",
  refunded: "success.status.refunded",
} as const satisfies Record<DonationStatus, string>;

/** Settling states: the page keeps checking until the payment provider has the last word. */
function isSettling(status: string) {
  return status === "pending" || status === "processing";
}

export default function DonationSuccessPage({ loaderData }: Route.ComponentProps) {
  const { gift } = loaderData;
  const { t, href } = useLocale();
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
        <h1 className="text-4xl font-bold">{t("success.notFound")}</h1>
        <p className="mt-4 text-lg">{t("success.notFoundHelp")}</p>
        <p className="mt-6 flex flex-wrap gap-4">
          <Link to={href("/#donate")} className="btn btn-accent">
            {t("success.makeDonation")}
          </Link>
          <Link to={href("/contact")} className="btn btn-primary">
            {t("success.contact")}
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
          ? t("success.notCompleted")
          : t("success.thanks")}
      </h1>
      <div className="card mt-8 space-y-4">
        <GiftSummaryList gift={gift} />
        <p aria-live="polite" aria-atomic="true">
          <strong>{t("success.statusLine", { status: t(statusLabelKey(gift.status)) })}</strong>
          <br />
          {isDonationStatus(gift.status) ? t(statusText[gift.status]) : ""}
          {gift.status === "failed" && gift.failureMessage ? ` ${gift.failureMessage}` : ""}
        </p>
      </div>
      <p className="mt-6">
        <Link to={href("/")} className="link">
          {t("notFound.home")}
        </Link>
      </p>
    </main>
  );
}
