import { startDonation } from "#app/features/donations/index.server";
import { fundraiserForGift } from "#app/features/fundraisers/index.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { GiftForm } from "#app/site/components/gift-form";
import type { Route } from "./+types/donate";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["donation", "forms", "landing", "meta", "toast", "validation"],
} satisfies PageMessagesHandle;

/**
 * /donate: where both panels post (and the page that shows their errors without JavaScript), and
 * where a donor who went back from the payment page changes their gift (`?edit=`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const edit = search.get("edit");
  // A gift given on a fundraiser page: named here, or, when the page takes no gifts, a notice
  // that it goes to the general fund (docs/decisions/221-fundraisers.md).
  const asked = search.get("fundraiser");
  const fundraiser = asked ? await fundraiserForGift(asked) : null;
  return {
    kind: search.get("panel") === "prelaunch" ? ("prelaunch" as const) : ("full" as const),
    editToken: edit && edit.length <= 300 ? edit : undefined,
    fundraiser: fundraiser ? { slug: fundraiser.slug, title: fundraiser.title } : null,
    fundraiserClosed: Boolean(asked) && !fundraiser,
    messages: pageMessages(request, handle),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return startDonation(request);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "donate");
}

export default function DonatePage({ loaderData, actionData }: Route.ComponentProps) {
  // A refused post re-renders here in the configuration it came from.
  const sentPanel = (actionData as { initialValue?: { panel?: unknown } } | undefined)?.initialValue
    ?.panel;
  const kind = sentPanel === "prelaunch" || sentPanel === "full" ? sentPanel : loaderData.kind;
  const { t } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("landing.hero.panelTitle")}</h1>
      <p className="mt-3 text-lg">{t("landing.hero.note")}</p>
      {loaderData.fundraiser ? (
        <p className="mt-3 text-lg font-semibold">
          {t("donation.forFundraiser", { title: loaderData.fundraiser.title })}
        </p>
      ) : null}
      {loaderData.fundraiserClosed ? (
        <p role="status" className="card mt-3 border-[var(--color-error)]">
          <strong>{t("donation.fundraiserClosed.title")}</strong>{" "}
          {t("donation.fundraiserClosed.description")}
        </p>
      ) : null}
      <div className="card mt-8">
        <GiftForm
          kind={kind}
          formId="donation-page"
          lastResult={actionData}
          editToken={loaderData.editToken}
          fundraiser={loaderData.fundraiser?.slug}
        />
      </div>
    </main>
  );
}
