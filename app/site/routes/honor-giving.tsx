import { HonorGivingIntro } from "#app/features/tributes/index";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { GiftForm } from "#app/site/components/gift-form";
import type { Route } from "./+types/honor-giving";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["donation", "forms", "meta", "toast", "tribute", "validation"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("tribute.page.title"),
    description: t("tribute.page.description"),
  }));
}

/**
 * /honor-giving: what a gift in honour or in memory is, and the donation form with its
 * dedication open, which posts to /donate as every panel does (docs/decisions/232-tribute-gifts.md).
 */
export default function HonorGivingPage() {
  const { t } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <HonorGivingIntro />
      <section aria-labelledby="honor-giving-form" className="card">
        <h2 id="honor-giving-form" className="mb-4 text-2xl font-bold">
          {t("tribute.page.formTitle")}
        </h2>
        <GiftForm kind="full" formId="donation-honor" dedicate />
      </section>
    </main>
  );
}
