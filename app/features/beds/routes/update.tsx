/**
 * /beds/update?token=: the page behind a service's secret update link
 * (docs/decisions/228-bed-update-links.md). Two taps from a phone: "-1" or "+1", or a number and
 * "Save". Plain forms, so it works without JavaScript.
 */
import { data, Form } from "react-router";
import { capacityText, countText, updatedAgo } from "#app/features/services/index";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { type TFunction, useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { type CountOnPage, updatePageAction, updatePageData } from "../update-page.server";
import type { Route } from "./+types/update";

export const handle = {
  messages: ["beds", "capacity", "meta"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const page = await updatePageData(request);
  const messages = pageMessages(request, handle);
  return data({ page, messages }, { status: page ? 200 : 404 });
}

export const action = ({ request }: Route.ActionArgs) => updatePageAction(request);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("beds.title"), noindex: true }));
}

function lastChange(t: TFunction, count: CountOnPage): string {
  const ago = updatedAgo(t, count.ageMinutes);
  if (count.lastSource === "link") return t("beds.byLink", { ago });
  if (count.lastSource === "staff") {
    return t("beds.byStaff", { name: count.lastStaffName ?? "", ago });
  }
  return t("beds.byImport", { ago });
}

function StepForm({ token, count, by }: { token: string; count: CountOnPage; by: 1 | -1 }) {
  const { t } = useLocale();
  const next = count.available + by;
  if (next < 0 || next > count.limit) return null;
  const unit = countText(t, { ...count, available: next });
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="capacity" value={count.id} />
      <button
        type="submit"
        name="available"
        value={next}
        className="btn btn-outline min-w-16 text-xl"
        aria-label={t(by < 0 ? "beds.minusLabel" : "beds.plusLabel", { unit })}
      >
        {t(by < 0 ? "beds.minus" : "beds.plus")}
      </button>
    </Form>
  );
}

function CountSection({
  token,
  count,
  error,
}: {
  token: string;
  count: CountOnPage;
  error: string | null;
}) {
  const { t } = useLocale();
  const field = `count-${count.id}`;
  const heading = count.description ?? t("capacity.heading");
  return (
    <section aria-labelledby={`${field}-heading`} className="card space-y-3">
      <h2 id={`${field}-heading`} className="text-2xl font-semibold">
        {heading}
      </h2>
      <p className="text-lg font-semibold" data-count={count.available}>
        {t("beds.current")} {capacityText(t, { ...count, fresh: true })}
      </p>
      <p className="text-sm">{lastChange(t, count)}</p>
      <div className="flex flex-wrap items-end gap-3">
        <StepForm token={token} count={count} by={-1} />
        <StepForm token={token} count={count} by={1} />
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="capacity" value={count.id} />
          <div className="field">
            <label htmlFor={field} className="field-label">
              {t("beds.number")}
            </label>
            <input
              id={field}
              name="available"
              type="number"
              inputMode="numeric"
              min={0}
              max={count.limit}
              step={1}
              required
              defaultValue={count.available}
              className="field-input w-28"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${field}-error` : undefined}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {t("beds.save")}
          </button>
        </Form>
      </div>
      {error ? (
        <p id={`${field}-error`} role="alert" className="font-medium text-[var(--color-error)]">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export default function BedsUpdatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { page } = loaderData;
  const gone = !page || actionData?.gone;
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{gone ? t("beds.gone") : t("beds.title")}</h1>
      {gone || !page ? (
        <p>{t("beds.goneText")}</p>
      ) : (
        <>
          <p>{t("beds.intro", { name: page.name })}</p>
          {page.counts.length === 0 ? <p>{t("beds.none")}</p> : null}
          {page.counts.map((count) => (
            <CountSection
              key={count.id}
              token={page.token}
              count={count}
              error={actionData?.error?.capacity === count.id ? actionData.error.message : null}
            />
          ))}
        </>
      )}
    </main>
  );
}
