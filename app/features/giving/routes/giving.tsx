/**
 * /giving: a signed-in donor's own place (docs/decisions/285-donor-sign-in.md): every gift made with
 * their address, their monthly gifts, receipts and year-end statements as PDF, their fundraiser
 * pages and shift sign-ups, and signing out here or everywhere.
 */
import { Form, Link } from "react-router";
import { DataTable } from "#app/components/admin/data-table";
import { SubmitButton } from "#app/components/forms";
import { statusLabelKey } from "#app/features/donations/index";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";
import { pageMeta } from "#app/lib/seo";
import { MonthlyStatus } from "../components/monthly-status";
import { givingOverview } from "../overview.server";
import { requireDonor } from "../sign-in.server";
import type { Route } from "./+types/giving";

export const handle = {
  messages: ["forms", "giving", "meta", "payment"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  const donor = await requireDonor(request, locale);
  return {
    email: donor.email,
    ...(await givingOverview(donor.email, locale)),
    messages: pageMessages(request, handle),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.giving.title"), noindex: true }));
}

const CARD_KEYS = {
  scheduled: "giving.card.scheduled",
  sent: "giving.card.sent",
  failed: "giving.card.failed",
  cancelled: "giving.card.cancelled",
} as const;

/** A titled list of links to the donor's other pages (fundraisers, shift sign-ups); none when empty. */
function LinkList({
  id,
  heading,
  items,
}: {
  id: string;
  heading: string;
  items: { id: string; path: string; text: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.path} className="link">
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function GivingPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t, locale, href, formatDate } = useLocale();
  const money = (cents: number) => formatCents(cents, "usd", locale);
  const shortDate = (date: Date) => formatDate(date, { dateStyle: "medium" });
  return (
    <main id="main-content" className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("giving.heading")}</h1>
      <p className="mt-2">{t("giving.signedIn", { email: data.email })}</p>

      <section aria-labelledby="monthly-heading" className="mt-8">
        <h2 id="monthly-heading" className="text-2xl font-bold">
          {t("giving.monthlyHeading")}
        </h2>
        {data.monthly.length === 0 ? (
          <p className="mt-2">{t("giving.noMonthly")}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {data.monthly.map((gift) => (
              <li key={gift.id} className="card flex flex-wrap items-center justify-between gap-3">
                <span>
                  <strong>
                    {t("giving.monthlyLine", {
                      amount: money(gift.amount),
                      since: shortDate(gift.since),
                    })}
                  </strong>{" "}
                  - <MonthlyStatus status={gift.status} pausedUntil={gift.pausedUntil} />
                </span>
                {gift.status === "active" ? (
                  <Link to={href(`/giving/monthly/${gift.id}`)} className="link">
                    {t("giving.manageMonthly")}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="gifts-heading" className="mt-10">
        <h2 id="gifts-heading" className="text-2xl font-bold">
          {t("giving.giftsHeading")}
        </h2>
        <div className="mt-4">
          <DataTable
            caption={t("giving.giftsCaption")}
            rows={data.gifts}
            emptyText={t("giving.noGifts")}
            columns={[
              {
                header: t("giving.columns.date"),
                cell: (gift) => shortDate(gift.date),
                nowrap: true,
              },
              { header: t("giving.columns.amount"), cell: (gift) => money(gift.amount) },
              {
                header: t("giving.columns.gift"),
                cell: (gift) => (
                  <>
                    {t(gift.isMonthly ? "giving.monthlyPayment" : "giving.once")}
                    {gift.fundraiser ? (
                      <>
                        <br />
                        {t("giving.onFundraiser", { title: gift.fundraiser })}
                      </>
                    ) : null}
                    {gift.dedication ? (
                      <>
                        <br />
                        {t(gift.dedication.kind === "memory" ? "giving.memory" : "giving.honor", {
                          honoree: gift.dedication.honoree,
                        })}
                        {gift.dedication.cardStatus && gift.dedication.cardStatus in CARD_KEYS
                          ? ` (${t(CARD_KEYS[gift.dedication.cardStatus as keyof typeof CARD_KEYS])})`
                          : null}{" "}
                        <Link to={gift.dedication.path} className="link">
                          {t("giving.dedicationLink")}
                        </Link>
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                header: t("giving.columns.status"),
                cell: (gift) => (
                  <>
                    {t(statusLabelKey(gift.status))}
                    {gift.refundedAmount > 0 ? (
                      <>
                        <br />
                        {t("giving.refunded", { amount: money(gift.refundedAmount) })}
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                header: t("giving.columns.receipt"),
                cell: (gift) =>
                  gift.receipt ? (
                    <a
                      href={href(`/giving/receipts/${gift.id}`)}
                      className="link"
                      aria-label={t("giving.receiptPdfFor", { date: shortDate(gift.date) })}
                      download
                    >
                      {t("giving.receiptPdf")}
                    </a>
                  ) : null,
              },
            ]}
          />
        </div>
      </section>

      {data.years.length > 0 ? (
        <section aria-labelledby="statement-heading" className="card mt-10 space-y-3">
          <h2 id="statement-heading" className="text-2xl font-bold">
            {t("giving.statementHeading")}
          </h2>
          <p>{t("giving.statementText")}</p>
          <ul className="flex flex-wrap gap-3">
            {data.years.map((year) => (
              <li key={year}>
                <a href={href(`/giving/statement/${year}`)} className="btn btn-primary" download>
                  {t("giving.downloadStatement", { year })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <LinkList
        id="fundraisers-heading"
        heading={t("giving.fundraisersHeading")}
        items={data.fundraisers.map((page) => ({
          id: page.id,
          path: page.path,
          text: t("giving.manageFundraiser", { title: page.title }),
        }))}
      />
      <LinkList
        id="shifts-heading"
        heading={t("giving.shiftsHeading")}
        items={data.signups.map((signup) => ({
          id: signup.id,
          path: signup.path,
          text: t("giving.manageShift", { title: signup.title, date: shortDate(signup.startsAt) }),
        }))}
      />

      <div className="mt-12 flex flex-wrap gap-3">
        <Form method="post" action={href("/giving/sign-out")}>
          <SubmitButton className="btn btn-outline">{t("giving.signOut")}</SubmitButton>
        </Form>
        <Form method="post" action={href("/giving/sign-out")}>
          <input type="hidden" name="everywhere" value="1" />
          <SubmitButton className="btn btn-outline">{t("giving.signOutEverywhere")}</SubmitButton>
        </Form>
      </div>
    </main>
  );
}
