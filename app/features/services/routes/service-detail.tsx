/**
 * One service, /find-help/<id> (docs/decisions/170-the-finder-page.md): every place it is offered with the week's hours, its
 * phones and map links, and a link to the same service as HSDS JSON for anyone reusing the
 * directory (S's /api/hsds/services/<id>).
 */
import { data, Link } from "react-router";
import { CapacityLines } from "#app/features/services/components/capacity-lines";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { finderNow } from "#app/lib/clock.server";
import { pageMeta } from "#app/lib/seo";
import { AddressLink, PhoneLink } from "../components/service-card";
import { StatusLine } from "../components/status-line";
import { WeekHours } from "../components/week-hours";
import { categoryLabels } from "../finder-query";
import { getService } from "../services.server";
import type { Route } from "./+types/service-detail";

export const handle = {
  messages: ["findHelp", "capacity", "meta"],
} satisfies PageMessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = params.id;
  // HSDS ids are UUIDs in practice; anything else long or odd cannot be one of ours.
  const service =
    id.length <= 100 && /^[\w.:-]+$/.test(id)
      ? await getService(id, localeFromRequest(request), finderNow())
      : null;
  const messages = pageMessages(request, handle);
  if (!service || service.locations.length === 0) {
    return data({ service: null, messages }, { status: 404 });
  }
  return data({ service, messages });
}

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.service?.locations[0]?.name;
  return pageMeta(args, (t) => ({
    title: name ?? t("findHelp.title"),
    description: t("findHelp.metaDescription"),
    noindex: !name,
  }));
}

export default function ServiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  const { t, href, locale } = useLocale();
  const fallback = (language: string) => (locale !== "en" && language === "en" ? "en" : undefined);
  const back = (
    <p className="print:hidden">
      <Link to={href("/find-help")} className="link">
        {t("findHelp.detail.back")}
      </Link>
    </p>
  );
  if (!service) {
    return (
      <main id="main-content" className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        <h1 className="text-3xl font-bold">{t("findHelp.title")}</h1>
        <p>{t("findHelp.detail.notFound")}</p>
        {back}
      </main>
    );
  }
  const first = service.locations[0];
  return (
    <main id="main-content" className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      {back}
      <div className="space-y-2">
        <h1 className="text-3xl font-bold" lang={fallback(first.textLanguage.name)}>
          {first.name}
        </h1>
        <p>
          {t(categoryLabels[first.category])} ·{" "}
          {t("findHelp.card.by", { organization: first.organization.name })}
        </p>
        {service.status === "active" ? <CapacityLines counts={first.capacity} /> : null}
        {service.status !== "active" ? (
          <p role="alert" className="font-semibold">
            {t("findHelp.detail.inactive")}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="service-about" className="space-y-2">
        <h2 id="service-about" className="text-2xl font-semibold">
          {t("findHelp.detail.about")}
        </h2>
        {first.description ? (
          <p lang={fallback(first.textLanguage.description)}>{first.description}</p>
        ) : null}
        {first.eligibility ? (
          <p>
            {t("findHelp.card.eligibility")}{" "}
            <span lang={fallback(first.textLanguage.eligibility)}>{first.eligibility}</span>
          </p>
        ) : null}
        {first.url ? (
          <p>
            <a href={first.url} className="link" rel="noopener noreferrer">
              {t("findHelp.detail.website")}
            </a>
          </p>
        ) : null}
      </section>
      {service.locations.map((row) => (
        <section key={row.id} aria-labelledby={`where-${row.id}`} className="card space-y-3">
          <h2 id={`where-${row.id}`} className="text-2xl font-semibold">
            {row.location.name || t("findHelp.detail.where")}
          </h2>
          {service.status === "active" ? <StatusLine status={row.status} /> : null}
          <p>
            <AddressLink
              row={{
                address: row.address,
                latitude: row.location.latitude,
                longitude: row.location.longitude,
              }}
            />
          </p>
          {row.phones.length > 0 ? (
            <ul className="flex flex-wrap gap-x-4" aria-label={t("findHelp.detail.phones")}>
              {row.phones.map((phone) => (
                <li key={phone.id}>
                  <PhoneLink phone={phone} />
                </li>
              ))}
            </ul>
          ) : null}
          <h3 className="text-xl font-semibold">{t("findHelp.detail.hours")}</h3>
          <WeekHours schedules={row.schedules} />
        </section>
      ))}
      <p className="print:hidden">
        <Link to={href(`/find-help/${encodeURIComponent(service.id)}/report`)} className="link">
          {t("findHelp.detail.reportProblem")}
        </Link>
      </p>
      <p className="print:hidden">
        <a href={`/api/hsds/services/${encodeURIComponent(service.id)}`} className="link">
          {t("findHelp.detail.openData")}
        </a>
      </p>
    </main>
  );
}
