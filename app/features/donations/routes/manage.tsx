/**
 * /donate/manage: the donor's own page, opened from the signed link in every receipt
 * (docs/decisions/075-donor-self-service.md). Without a valid link it offers a new one by e-mail;
 * with one it lists the donor's gifts, lets them change or cancel a monthly gift and get a year's
 * statement. What the forms' posts do is in manage-action.server.ts.
 */
import { Form } from "react-router";
import { DataTable } from "#app/components/admin/data-table";
import { SubmitButton } from "#app/components/forms";
import { donorOverview } from "#app/features/donations/manage.server";
import { manageGiftsAction } from "#app/features/donations/manage-action.server";
import { checkManageToken } from "#app/features/donations/manage-link.server";
import { statusLabelKey } from "#app/features/donations/status";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";
import { pageMeta } from "#app/lib/seo";
import { giftAddOns } from "../add-ons.server";
import { AddOnLinks } from "../components/add-on-links";
import type { Route } from "./+types/manage";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["donation", "forms", "manage", "meta", "payment"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const messages = pageMessages(request, handle);
  const token = new URL(request.url).searchParams.get("token");
  const check = checkManageToken(token);
  if ("problem" in check) return { problem: token ? check.problem : null, donor: null, messages };
  const overview = await donorOverview(check.email);
  // Gifts in honour or in memory (docs/decisions/236-managing-a-dedication.md), in the words of
  // the feature that adds them (app/features/donations/add-ons.server.ts).
  const dedications = await giftAddOns().dedications.manageLinks(
    overview.gifts.map((gift) => gift.id),
    localeFromRequest(request),
  );
  return { problem: null, donor: { token: token!, ...overview, dedications }, messages };
}

export async function action({ request }: Route.ActionArgs) {
  return manageGiftsAction(request);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.manage.title"), noindex: true }));
}

function RequestLinkForm() {
  const { t } = useLocale();
  return (
    <Form method="post" className="card mt-8 space-y-4" aria-labelledby="request-heading">
      <h2 id="request-heading" className="text-2xl font-bold">
        {t("manage.newLinkHeading")}
      </h2>
      <p>{t("manage.newLinkText")}</p>
      <input type="hidden" name="intent" value="request-link" />
      <div className="field">
        <label htmlFor="manage-email" className="field-label">
          {t("forms.email")}
        </label>
        <input
          id="manage-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          className="field-input"
        />
      </div>
      <SubmitButton className="btn btn-primary">{t("manage.sendLink")}</SubmitButton>
    </Form>
  );
}

export default function ManageGiftsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { donor, problem } = loaderData;
  const { t, locale, href, formatDate } = useLocale();
  const money = (cents: number) => formatCents(cents, "usd", locale);
  const shortDate = (date: Date) => formatDate(date, { dateStyle: "medium" });
  const error = (actionData as { error?: string } | undefined)?.error;
  if (!donor) {
    return (
      <main id="main-content" className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="text-4xl font-bold">{t("manage.heading")}</h1>
        {problem ? (
          <p role="alert" className="mt-4 text-lg">
            {problem === "expired" ? t("manage.linkExpired") : t("manage.linkInvalid")}
          </p>
        ) : (
          <p className="mt-4 text-lg">{t("manage.intro")}</p>
        )}
        {error ? (
          <p role="alert" className="mt-4 text-[var(--color-error)]">
            {error}
          </p>
        ) : null}
        <RequestLinkForm />
      </main>
    );
  }
  const activeMonthly = donor.monthly.filter((gift) => gift.status === "active");
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("manage.heading")}</h1>
      {error ? (
        <p role="alert" className="mt-4 text-[var(--color-error)]">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="monthly-heading" className="mt-8">
        <h2 id="monthly-heading" className="text-2xl font-bold">
          {t("manage.monthlyHeading")}
        </h2>
        {activeMonthly.length === 0 ? (
          <p className="mt-2">{t("manage.noMonthly")}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {activeMonthly.map((gift) => (
              <li key={gift.id} className="card space-y-4">
                <p className="text-lg">
                  <RichMessage
                    messageKey={
                      gift.feeAmount > 0 ? "manage.monthlyLineWithFee" : "manage.monthlyLine"
                    }
                    values={{
                      amount: money(gift.amount + gift.feeAmount),
                      since: shortDate(gift.since),
                    }}
                    components={{ strong: <strong /> }}
                  />
                </p>
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value="change-amount" />
                  <input type="hidden" name="token" value={donor.token} />
                  <input type="hidden" name="giftId" value={gift.id} />
                  <div className="field">
                    <label htmlFor={`amount-${gift.id}`} className="field-label">
                      {t("manage.newAmount")}
                    </label>
                    <input
                      id={`amount-${gift.id}`}
                      name="amount"
                      inputMode="numeric"
                      pattern="[0-9]*"
                      required
                      defaultValue={String(gift.amount / 100)}
                      className="field-input"
                    />
                  </div>
                  <SubmitButton className="btn btn-primary">
                    {t("manage.changeAmount")}
                  </SubmitButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="token" value={donor.token} />
                  <input type="hidden" name="giftId" value={gift.id} />
                  <SubmitButton className="btn btn-outline">{t("manage.cancel")}</SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-2xl font-bold">
          {t("manage.giftsHeading")}
        </h2>
        <div className="mt-4">
          <DataTable
            caption={t("manage.giftsCaption")}
            rows={donor.gifts}
            emptyText={t("manage.noGifts")}
            columns={[
              {
                header: t("manage.columns.date"),
                cell: (gift) => shortDate(gift.date),
                nowrap: true,
              },
              {
                header: t("manage.columns.amount"),
                cell: (gift) => money(gift.amount + gift.feeAmount),
              },
              {
                header: t("manage.columns.type"),
                cell: (gift) =>
                  t(gift.isMonthly ? "donation.frequency.monthly" : "donation.frequency.once"),
              },
              {
                header: t("manage.columns.status"),
                cell: (gift) => t(statusLabelKey(gift.status)),
              },
            ]}
          />
        </div>
      </section>

      <AddOnLinks id="dedications-heading" {...donor.dedications} />

      {donor.years.length > 0 ? (
        <section aria-labelledby="statement-heading" className="card mt-10 space-y-4">
          <h2 id="statement-heading" className="text-2xl font-bold">
            {t("manage.statementHeading")}
          </h2>
          <p>{t("manage.statementText")}</p>
          {donor.years.map((year) => (
            <div key={year} className="flex flex-wrap items-center gap-3">
              <a
                href={href(
                  `/donate/manage/statement?${new URLSearchParams({ token: donor.token, year: String(year) })}`,
                )}
                className="btn btn-primary"
                download
              >
                {t("manage.download", { year })}
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="email-statement" />
                <input type="hidden" name="token" value={donor.token} />
                <input type="hidden" name="year" value={year} />
                <SubmitButton className="btn btn-outline">
                  {t("manage.emailStatement", { year })}
                </SubmitButton>
              </Form>
            </div>
          ))}
        </section>
      ) : null}
    </main>
  );
}
