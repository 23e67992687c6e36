import { data } from "react-router";
import { refuseOversizedPhotoPost } from "#app/features/fundraisers/photos.server";
import { startFundraiserSchema } from "#app/features/fundraisers/schemas.server";
import { startFundraiserPage } from "#app/features/fundraisers/start.server";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, handlePublicForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import { Guidelines } from "../components/guidelines";
import { StartForm } from "../components/start-form";
import type { Route } from "./+types/fundraise";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "fundraising", "meta", "validation"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("fundraising.start.title"),
    description: t("fundraising.start.intro"),
  }));
}

/**
 * /fundraise: a supporter starts a page, with a photo or not; it waits for their e-mail's
 * confirmation, then staff.
 */
export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const refused = await refuseOversizedPhotoPost(request, serverT(localeFromRequest(request)));
  if (refused) return data(refused.reply, { status: refused.status });
  return handlePublicForm<ReturnType<typeof startFundraiserSchema>>(request, {
    name: "fundraise",
    schema: (t) => startFundraiserSchema(t),
    redirectTo: "/fundraise",
    limit: { points: 5, durationSeconds: 3600 },
    successToast: (_value, { t }) => ({
      type: "success",
      title: t("fundraising.start.sentTitle"),
      description: t("fundraising.start.sentDescription"),
    }),
    save: startFundraiserPage,
  });
}

export default function FundraisePage({ actionData }: Route.ComponentProps) {
  const { t } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <div>
        <h1 className="text-4xl font-bold">{t("fundraising.start.title")}</h1>
        <p className="mt-3 text-lg">{t("fundraising.start.intro")}</p>
      </div>
      <Guidelines headingId="guidelines-heading" />
      <section aria-labelledby="start-heading" className="card">
        <h2 id="start-heading" className="text-2xl font-bold">
          {t("fundraising.start.formHeading")}
        </h2>
        <p className="mt-2 text-[var(--color-muted)]">{t("fundraising.start.steps")}</p>
        <StartForm lastResult={actionData} />
      </section>
    </main>
  );
}
