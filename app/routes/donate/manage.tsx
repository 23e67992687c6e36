import { data, Form } from "react-router";
import { z } from "zod";
import { DataTable } from "#app/components/admin/data-table";
import {
  cancelMonthlyGift,
  changeMonthlyAmount,
  donorOverview,
  emailStatement,
  requestManageLink,
} from "#app/lib/donations/manage.server";
import { checkManageToken } from "#app/lib/donations/manage-link.server";
import { statusLabel } from "#app/lib/donations/status";
import { assertFormPost } from "#app/lib/forms.server";
import { logger } from "#app/lib/logger.server";
import { formatCents } from "#app/lib/money";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/manage";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = checkManageToken(token);
  if ("problem" in check) return { problem: token ? check.problem : null, donor: null };
  return { problem: null, donor: { token: token!, ...(await donorOverview(check.email)) } };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request-link"), email: z.email().max(254) }),
  z.object({ intent: z.literal("cancel"), token: z.string().max(300), giftId: z.string().max(64) }),
  z.object({
    intent: z.literal("change-amount"),
    token: z.string().max(300),
    giftId: z.string().max(64),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, "Please enter a whole-dollar amount."),
  }),
  z.object({
    intent: z.literal("email-statement"),
    token: z.string().max(300),
    year: z.coerce.number().int().min(2000).max(2100),
  }),
]);

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const wait = await consumeRateLimit("donate:manage", clientKey(request), {
    points: 20,
    durationSeconds: 600,
  });
  if (wait !== null) {
    return data(
      { error: "Too many requests. Please try again in a few minutes." },
      { status: 429 },
    );
  }
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Please check the form." },
      { status: 400 },
    );
  }
  const input = parsed.data;
  if (input.intent === "request-link") {
    await requestManageLink(input.email.toLowerCase());
    return redirectWithToast("/donate/manage", {
      type: "success",
      title: "Check your e-mail",
      description: "If this address has given to us, a new link is on its way.",
    });
  }
  const check = checkManageToken(input.token);
  if ("problem" in check) {
    return redirectWithToast("/donate/manage", {
      type: "error",
      title: "This link has expired",
      description: "Please ask for a new link below.",
    });
  }
  const back = `/donate/manage?token=${encodeURIComponent(input.token)}`;
  try {
    if (input.intent === "cancel") {
      const canceled = await cancelMonthlyGift(check.email, input.giftId);
      return redirectWithToast(
        back,
        canceled
          ? {
              type: "success",
              title: "Monthly gift canceled",
              description: "No further charges will be made. Thank you for your support.",
            }
          : { type: "error", title: "Error", description: "This monthly gift cannot be canceled." },
      );
    }
    if (input.intent === "change-amount") {
      const problem = await changeMonthlyAmount(check.email, input.giftId, Number(input.amount));
      return redirectWithToast(
        back,
        problem
          ? { type: "error", title: "Error", description: problem }
          : {
              type: "success",
              title: "Monthly gift updated",
              description: "The new amount applies from your next monthly charge.",
            },
      );
    }
    await emailStatement(check.email, input.year);
    return redirectWithToast(back, {
      type: "success",
      title: "Statement sent",
      description: `Your ${input.year} statement is on its way to your e-mail.`,
    });
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "gift management failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Error",
      description: "Something went wrong. Please try again.",
    });
  }
}

export const meta = () => [
  { title: "Manage your gifts - Houston Home Foundation" },
  { name: "robots", content: "noindex" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function RequestLinkForm() {
  return (
    <Form method="post" className="card mt-8 space-y-4" aria-labelledby="request-heading">
      <h2 id="request-heading" className="text-2xl font-bold">
        Get a new link
      </h2>
      <p>Enter the e-mail address you gave with, and we will send you a link to your gifts.</p>
      <input type="hidden" name="intent" value="request-link" />
      <div className="field">
        <label htmlFor="manage-email" className="field-label">
          Email
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
      <button type="submit" className="btn btn-primary">
        Send me a link
      </button>
    </Form>
  );
}

export default function ManageGiftsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { donor, problem } = loaderData;
  const error = (actionData as { error?: string } | undefined)?.error;
  if (!donor) {
    return (
      <main id="main-content" className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="text-4xl font-bold">Manage your gifts</h1>
        {problem ? (
          <p role="alert" className="mt-4 text-lg">
            {problem === "expired"
              ? "This link has expired. Links work for 30 days."
              : "This link is not valid. It may have been cut short."}
          </p>
        ) : (
          <p className="mt-4 text-lg">
            Every receipt has a link to this page. No password is needed.
          </p>
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
      <h1 className="text-4xl font-bold">Manage your gifts</h1>
      {error ? (
        <p role="alert" className="mt-4 text-[var(--color-error)]">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="monthly-heading" className="mt-8">
        <h2 id="monthly-heading" className="text-2xl font-bold">
          Monthly gifts
        </h2>
        {activeMonthly.length === 0 ? (
          <p className="mt-2">You have no active monthly gift.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {activeMonthly.map((gift) => (
              <li key={gift.id} className="card space-y-4">
                <p className="text-lg">
                  <strong>{formatCents(gift.amount + gift.feeAmount)} per month</strong>
                  {gift.feeAmount > 0 ? " (including the card fee you cover)" : ""}, since{" "}
                  {dateFormat.format(gift.since)}
                </p>
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value="change-amount" />
                  <input type="hidden" name="token" value={donor.token} />
                  <input type="hidden" name="giftId" value={gift.id} />
                  <div className="field">
                    <label htmlFor={`amount-${gift.id}`} className="field-label">
                      New monthly amount (whole dollars)
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
                  <button type="submit" className="btn btn-primary">
                    Change amount
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="token" value={donor.token} />
                  <input type="hidden" name="giftId" value={gift.id} />
                  <button type="submit" className="btn btn-outline">
                    Cancel monthly gift
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-2xl font-bold">
          Your gifts
        </h2>
        <div className="mt-4">
          <DataTable
            caption="Your gifts, newest first"
            rows={donor.gifts}
            emptyText="No completed gifts yet."
            columns={[
              { header: "Date", cell: (gift) => dateFormat.format(gift.date), nowrap: true },
              { header: "Amount", cell: (gift) => formatCents(gift.amount + gift.feeAmount) },
              { header: "Type", cell: (gift) => (gift.isMonthly ? "Monthly" : "One-time") },
              { header: "Status", cell: (gift) => statusLabel(gift.status) },
            ]}
          />
        </div>
      </section>

      {donor.years.length > 0 ? (
        <section aria-labelledby="statement-heading" className="card mt-10 space-y-4">
          <h2 id="statement-heading" className="text-2xl font-bold">
            Year-end statement
          </h2>
          <p>All your gifts in a calendar year, for your tax records.</p>
          {donor.years.map((year) => (
            <div key={year} className="flex flex-wrap items-center gap-3">
              <a
                href={`/donate/manage/statement?${new URLSearchParams({ token: donor.token, year: String(year) })}`}
                className="btn btn-primary"
                download
              >
                Download {year} statement
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="email-statement" />
                <input type="hidden" name="token" value={donor.token} />
                <input type="hidden" name="year" value={year} />
                <button type="submit" className="btn btn-outline">
                  E-mail me my {year} statement
                </button>
              </Form>
            </div>
          ))}
        </section>
      ) : null}
    </main>
  );
}
