import { data, Link } from "react-router";
import { publicFundraiser } from "#app/features/fundraisers/public-pages.server";
import { localeFromPath, localizePath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";
import { useRootData } from "#app/lib/root-data";
import { absoluteUrl, pageMeta } from "#app/lib/seo";
import { FundraiserProgress } from "../components/progress";
import { ShareLinks } from "../components/share-links";
import { cardPath } from "../share-card";
import type { Route } from "./+types/fundraiser";

export const handle = {
  messages: ["fundraising", "meta"],
} satisfies PageMessagesHandle;

/**
 * /fundraise/<slug>: an approved page (a paused or closed one says so); any other is a 404. The
 * same for every visitor, so the page cache keeps it until a fundraiser change or a payment event
 * drops it (server/page-cache/policy.ts, docs/decisions/221-fundraisers.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await publicFundraiser(params.slug);
  const messages = pageMessages(request, handle);
  if (!page) return data({ page: null, messages }, { status: 404 });
  return data({ page, messages });
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  return pageMeta(args, (t) =>
    page
      ? {
          title: page.title,
          description: t("fundraising.page.metaDescription", { name: page.ownerFirstName }),
          // The page's own share card (routes/card.ts, docs/decisions/226-fundraiser-share-cards.md).
          imagePath: localizePath(cardPath(page.slug), localeFromPath(args.location.pathname)),
        }
      : { title: t("fundraising.page.notFound"), noindex: true },
  );
}

export default function FundraiserPage({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useLocale();
  const publicUrl = useRootData()?.publicUrl ?? "";
  const { page } = loaderData;
  if (!page) {
    return (
      <main id="main-content" className="mx-auto max-w-3xl space-y-4 px-4 py-12">
        <h1 className="text-3xl font-bold">{t("fundraising.page.notFound")}</h1>
        <p>{t("fundraising.page.notFoundText")}</p>
        <p>
          <Link to={href("/donate")} className="link">
            {t("fundraising.page.giveGeneral")}
          </Link>
        </p>
      </main>
    );
  }
  const url = absoluteUrl(publicUrl, localizePath(`/fundraise/${page.slug}`, locale));
  return (
    <main id="main-content" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <div className="space-y-2">
        <h1 className="text-4xl font-bold">{page.title}</h1>
        <p className="text-lg">{t("fundraising.page.by", { name: page.ownerFirstName })}</p>
      </div>
      {page.state !== "open" ? (
        <p role="status" className="card font-semibold">
          {t(page.state === "paused" ? "fundraising.page.paused" : "fundraising.page.closed")}
        </p>
      ) : null}
      <section aria-label={t("fundraising.page.progressLabel")} className="card space-y-4">
        <FundraiserProgress
          raisedCents={page.raisedCents}
          gifts={page.gifts}
          goalCents={page.goalCents}
          showProgress={page.showProgress}
        />
        {page.state === "open" ? (
          <a
            href={href(`/donate?fundraiser=${encodeURIComponent(page.slug)}`)}
            className="btn btn-accent text-lg"
          >
            {t("fundraising.page.give")}
          </a>
        ) : null}
      </section>
      <section aria-labelledby="story-heading" className="space-y-4">
        <h2 id="story-heading" className="text-2xl font-bold">
          {t("fundraising.page.story")}
        </h2>
        {page.photo ? (
          // Below the progress card: loaded when it comes near the screen, its box kept meanwhile.
          <img
            src={page.photo.src}
            width={page.photo.width}
            height={page.photo.height}
            alt={page.title}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-lg"
          />
        ) : null}
        {page.paragraphs.map((paragraph, index) => (
          // The story is text: React escapes it, and it never changes order.
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one stored text
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-labelledby="donors-heading" className="space-y-2">
        <h2 id="donors-heading" className="text-2xl font-bold">
          {t("fundraising.page.donors")}
        </h2>
        {page.donors.length === 0 ? (
          <p>{t("fundraising.page.noDonors")}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-6">
            {page.donors.map((donor, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: names repeat, the order is fixed
              <li key={index}>
                {donor.name ?? t("fundraising.page.anonymous")}
                {donor.amountCents === null
                  ? null
                  : `, ${formatCents(donor.amountCents, "usd", locale)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ShareLinks url={url} title={page.title} />
    </main>
  );
}
