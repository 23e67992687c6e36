import { data, Form } from "react-router";
import { z } from "zod";
import { DataTable } from "#app/components/admin/data-table";
import { SubmitButton } from "#app/components/forms";
import {
  cancelMonthlyGift,
  changeMonthlyAmount,
  donorOverview,
  emailStatement,
  requestManageLink,
} from "#app/features/donations/manage.server";
import { checkManageToken } from "#app/features/donations/manage-link.server";
import { statusLabelKey } from "#app/features/donations/status";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import { RichMessage, type TFunction, useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/forms.server";
import { logger } from "#app/lib/logger.server";
import { formatCents } from "#app/lib/money";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/manage";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = checkManageToken(token);
  if ("problem" in check) return { problem: token ? check.problem : null, donor: null };
  return { problem: null, donor: { token: token!, ...(await donorOverview(check.email)) } };
}

const actionSchema = (t: TFunction) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("request-link"),
      email: z.email(t("donation.errors.email")).max(254, t("donation.errors.email")),
    }),
    z.object({
      intent: z.literal("cancel"),
      token: z.string().max(300),
      giftId: z.string().max(64),
    }),
    z.object({
      intent: z.literal("change-amount"),
      token: z.string().max(300),
      giftId: z.string().max(64),
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,7}$/, t("donation.amount.notWhole")),
    }),
    z.object({
      intent: z.literal("email-statement"),
      token: z.string().max(300),
      year: z.coerce.number().int().min(2000).max(2100),
    }),
  ]);

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const wait = await consumeRateLimit("donate:manage", clientKey(request), {
    points: 20,
    durationSeconds: 600,
  });
  if (wait !== null) {
    return data({ error: t("manage.tooMany") }, { status: 429 });
  }
  const parsed = actionSchema(t).safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? t("manage.checkForm") },
      { status: 400 },
    );
  }
  const input = parsed.data;
  if (input.intent === "request-link") {
    await requestManageLink(input.email.toLowerCase(), locale);
    return redirectWithToast(localizePath("/donate/manage", locale), {
      type: "success",
      title: t("manage.linkSentTitle"),
      description: t("manage.linkSentDescription"),
    });
  }
  const check = checkManageToken(input.token);
  if ("problem" in check) {
    return redirectWithToast(localizePath("/donate/manage", locale), {
      type: "error",
      title: t("manage.expiredTitle"),
      description: t("manage.expiredDescription"),
    });
  }
  const back = localizePath(`/donate/manage?token=${encodeURIComponent(input.token)}`, locale);
  try {
    if (input.intent === "cancel") {
      const canceled = await cancelMonthlyGift(check.email, input.giftId);
      return redirectWithToast(
        back,
        canceled
          ? {
              type: "success",
              title: t("manage.canceledTitle"),
              description: t("manage.canceledDescription"),
            }
          : { type: "error", title: t("toast.error"), description: t("manage.cannotCancel") },
      );
    }
    if (input.intent === "change-amount") {
      const problem = await changeMonthlyAmount(check.email, input.giftId, Number(input.amount), {
        t,
        locale,
      });
      return redirectWithToast(
        back,
        problem
          ? { type: "error", title: t("toast.error"), description: problem }
          : {
              type: "success",
              title: t("manage.updatedTitle"),
              description: t("manage.updatedDescription"),
            },
      );
    }
    await emailStatement(check.email, input.year, locale);
    return redirectWithToast(back, {
      type: "success",
      title: t("manage.statementSentTitle"),
      description: t("manage.statementSentDescription", { year: input.year }),
    });
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "gift management failed");
    return redirectWithToast(back, {
      type: "error",
      title: t("toast.error"),
      description: t("toast.tryAgain"),
    });
  }
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
