/**
 * /giving/monthly/:id: one of the signed-in donor's monthly gifts: its amount, its card, a pause of
 * one to three months and an early resume, or its end (docs/decisions/287-monthly-gift-changes.md).
 * Every post is checked against the signed-in address; another donor's gift is 404.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { Field, SubmitButton } from "#app/components/forms";
import { isStripeConfigured } from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { formatCents } from "#app/lib/money";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { givingField } from "../components/field-state";
import { MonthlyStatus } from "../components/monthly-status";
import {
  activeMonthlyGift,
  changeAmount,
  endMonthlyGift,
  finishCardChange,
  pauseMonthlyGift,
  pausesOf,
  resumeMonthlyGift,
  startCardChange,
  testCardChange,
} from "../monthly.server";
import { PAUSE_MONTHS } from "../rules";
import { givingPath, requireDonor } from "../sign-in.server";
import type { Route } from "./+types/monthly";

const StripeCardForm = lazy(() => import("../components/stripe-card-form"));

export const handle = { messages: ["forms", "giving", "meta"] } satisfies PageMessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const donor = await requireDonor(request, locale);
  const gift = await activeMonthlyGift(donor.email, params.id);
  if (!gift) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const here = givingPath(locale, `/giving/monthly/${gift.id}`);
  // Stripe returns here once the donor confirmed a new card.
  const setupIntent = url.searchParams.get("setup_intent");
  if (setupIntent && isStripeConfigured()) {
    const outcome = await finishCardChange(donor.email, gift.id, setupIntent, locale);
    throw await redirectWithToast(
      here,
      outcome === "changed"
        ? {
            type: "success",
            title: t("giving.monthly.updatedTitle"),
            description: t("giving.monthly.cardChangedDescription"),
          }
        : { type: "error", title: t("giving.monthly.cardDeclined") },
    );
  }
  const stripe =
    isStripeConfigured() && url.searchParams.get("card") === "new"
      ? {
          publishableKey: env().STRIPE_PUBLISHABLE_KEY!,
          clientSecret: await startCardChange(gift),
          returnUrl: `${env().PUBLIC_URL}${here}`,
        }
      : null;
  const pausedUntil = (await pausesOf([gift.id])).get(gift.id) ?? null;
  return {
    gift: {
      id: gift.id,
      amount: gift.amount,
      total: gift.amount + gift.feeAmount,
      status: gift.status,
      pausedUntil,
    },
    stripeMode: isStripeConfigured(),
    stripe,
    messages: pageMessages(request, handle),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("amount"), amount: z.string().regex(/^\d{1,7}$/) }),
  z.object({ intent: z.literal("pause"), months: z.enum(["1", "2", "3"]) }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({
    intent: z.literal("test-card"),
    cardNumber: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(10),
  }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const donor = await requireDonor(request, locale);
  const gift = await activeMonthlyGift(donor.email, params.id);
  if (!gift) throw new Response("Not Found", { status: 404 });
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: t("giving.monthly.checkForm") }, { status: 400 });
  const form = parsed.data;
  const here = givingPath(locale, `/giving/monthly/${gift.id}`);
  const updated = (description: string) =>
    redirectWithToast(here, {
      type: "success",
      title: t("giving.monthly.updatedTitle"),
      description,
    });
  const refused = () => data({ error: t("giving.monthly.cannotChange") }, { status: 400 });

  switch (form.intent) {
    case "amount": {
      const error = await changeAmount(donor.email, gift.id, Number(form.amount), { t, locale });
      if (error) return data({ error }, { status: 400 });
      return updated(t("giving.monthly.amountChangedDescription"));
    }
    case "pause": {
      if (!(await pauseMonthlyGift(donor.email, gift.id, Number(form.months), locale))) {
        return refused();
      }
      const until = (await pausesOf([gift.id])).get(gift.id)!;
      return updated(
        t("giving.monthly.pausedDescription", {
          date: new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(until),
        }),
      );
    }
    case "resume":
      if (!(await resumeMonthlyGift(donor.email, gift.id, locale))) return refused();
      return updated(t("giving.monthly.resumedDescription"));
    case "cancel":
      if (!(await endMonthlyGift(donor.email, gift.id, locale))) return refused();
      return redirectWithToast(givingPath(locale, "/giving"), {
        type: "success",
        title: t("giving.monthly.canceledTitle"),
        description: t("giving.monthly.canceledDescription"),
      });
    case "test-card": {
      const outcome = await testCardChange(
        donor.email,
        gift.id,
        form.cardNumber.replace(/\s+/g, ""),
        locale,
      );
      if (outcome === "declined") {
        return data({ error: t("giving.monthly.cardDeclined") }, { status: 400 });
      }
      if (outcome === "refused") return refused();
      return updated(t("giving.monthly.cardChangedDescription"));
    }
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("meta.giving.monthlyTitle"), noindex: true }));
}

const CARD_FIELDS = [
  ["cardNumber", "giving.monthly.cardNumber", "cc-number"],
  ["expiry", "giving.monthly.expiry", "cc-exp"],
  ["cvc", "giving.monthly.cvc", "cc-csc"],
] as const;

function TestCardForm() {
  const { t } = useLocale();
  return (
    <Form method="post" className="space-y-3">
      <p className="font-semibold">{t("giving.monthly.testMode")}</p>
      <input type="hidden" name="intent" value="test-card" />
      {CARD_FIELDS.map(([name, label, autoComplete]) => (
        <Field
          key={name}
          label={t(label)}
          field={givingField(name)}
          autoComplete={autoComplete}
          required
        />
      ))}
      <SubmitButton className="btn btn-primary">{t("giving.monthly.saveCard")}</SubmitButton>
    </Form>
  );
}

export default function MonthlyGiftPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gift, stripe, stripeMode } = loaderData;
  const { t, locale, href } = useLocale();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const error = actionData?.error;
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-12">
      <p>
        <Link to={href("/giving")} className="link">
          {t("giving.monthly.back")}
        </Link>
      </p>
      <h1 className="mt-4 text-4xl font-bold">{t("giving.monthly.heading")}</h1>
      <p className="mt-4 text-lg">
        <strong>{formatCents(gift.total, "usd", locale)}</strong> -{" "}
        <MonthlyStatus status={gift.status} pausedUntil={gift.pausedUntil} />
      </p>
      {error ? (
        <p role="alert" className="mt-4 text-[var(--color-error)]">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="amount-heading" className="card mt-8 space-y-3">
        <h2 id="amount-heading" className="text-2xl font-bold">
          {t("giving.monthly.amountHeading")}
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="amount" />
          <Field
            label={t("giving.monthly.newAmount")}
            field={givingField("amount", String(gift.amount / 100))}
            pattern="[0-9]*"
            required
          />
          <SubmitButton className="btn btn-primary">
            {t("giving.monthly.changeAmount")}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="card-heading" className="card mt-8 space-y-3">
        <h2 id="card-heading" className="text-2xl font-bold">
          {t("giving.monthly.cardHeading")}
        </h2>
        <p>{t("giving.monthly.cardText")}</p>
        {!stripeMode ? (
          <TestCardForm />
        ) : stripe && hydrated ? (
          <Suspense fallback={null}>
            <StripeCardForm {...stripe} />
          </Suspense>
        ) : (
          <Link to="?card=new" className="btn btn-primary">
            {t("giving.monthly.cardHeading")}
          </Link>
        )}
      </section>

      <section aria-labelledby="pause-heading" className="card mt-8 space-y-3">
        <h2 id="pause-heading" className="text-2xl font-bold">
          {t("giving.monthly.pauseHeading")}
        </h2>
        {gift.pausedUntil ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resume" />
            <SubmitButton className="btn btn-primary">{t("giving.monthly.resume")}</SubmitButton>
          </Form>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <p className="w-full">{t("giving.monthly.pauseText")}</p>
            <input type="hidden" name="intent" value="pause" />
            <div className="field">
              <label htmlFor="pause-months" className="field-label">
                {t("giving.monthly.pauseMonths")}
              </label>
              <select id="pause-months" name="months" className="field-input" defaultValue="1">
                {PAUSE_MONTHS.map((months) => (
                  <option key={months} value={months}>
                    {t("giving.monthly.months", { count: months })}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton className="btn btn-primary">{t("giving.monthly.pause")}</SubmitButton>
          </Form>
        )}
      </section>

      <section aria-labelledby="cancel-heading" className="card mt-8 space-y-3">
        <h2 id="cancel-heading" className="text-2xl font-bold">
          {t("giving.monthly.cancelHeading")}
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <SubmitButton className="btn btn-outline">{t("giving.monthly.cancel")}</SubmitButton>
        </Form>
      </section>
    </main>
  );
}
