import { Briefcase, HandHeart, Megaphone, Quote, TrendingUp, Users } from "lucide-react";
import { emailField, messageField, PublicForm } from "#app/components/public-form";
import { type PartnershipInput, partnershipSchema } from "#app/features/forms/schemas";
import { savePartnershipInquiry } from "#app/features/forms/submissions.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { handlePublicForm } from "#app/lib/form-actions.server";
import { limits } from "#app/lib/limits";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/partnerships";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "meta", "partnerships", "validation", "volunteer"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "partnerships");
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicForm(request, {
    name: "partnership",
    schema: partnershipSchema,
    redirectTo: "/partnerships",
    successToast: (_value, { t }) => ({
      type: "success",
      title: t("partnerships.receivedTitle"),
      description: t("partnerships.receivedDescription"),
    }),
    save: async (value, { locale }) => {
      await savePartnershipInquiry(value, locale);
      return undefined;
    },
  });
}

const reasons = [
  {
    icon: TrendingUp,
    title: "partnerships.reasons.impact.title",
    text: "partnerships.reasons.impact.text",
  },
  {
    icon: Users,
    title: "partnerships.reasons.employees.title",
    text: "partnerships.reasons.employees.text",
  },
  {
    icon: HandHeart,
    title: "partnerships.reasons.houston.title",
    text: "partnerships.reasons.houston.text",
  },
] as const;

const waysToCollaborate = [
  {
    icon: Megaphone,
    title: "partnerships.ways.causeMarketing.title",
    text: "partnerships.ways.causeMarketing.text",
  },
  {
    icon: Users,
    title: "partnerships.ways.volunteerDays.title",
    text: "partnerships.ways.volunteerDays.text",
  },
  {
    icon: Briefcase,
    title: "partnerships.ways.workplaceGiving.title",
    text: "partnerships.ways.workplaceGiving.text",
  },
] as const;

export default function PartnershipsPage({ actionData }: Route.ComponentProps) {
  const { t } = useLocale();

  return (
    <main id="main-content">
      <section className="bg-[var(--color-primary)] text-[var(--color-on-primary)]">
        <div className="mx-auto max-w-5xl px-4 py-20">
          <h1 className="text-4xl font-bold sm:text-5xl">{t("partnerships.title")}</h1>
          <p className="mt-4 max-w-2xl text-xl">{t("partnerships.intro")}</p>
          <a href="#get-started" className="btn btn-accent mt-8">
            {t("partnerships.getStarted")}
          </a>
        </div>
      </section>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-16">
        <section aria-labelledby="why-heading">
          <h2 id="why-heading" className="text-3xl font-bold">
            {t("partnerships.whyHeading")}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title} className="card">
                <reason.icon aria-hidden="true" className="size-8 text-[var(--color-primary)]" />
                <h3 className="mt-3 text-xl font-semibold">{t(reason.title)}</h3>
                <p className="mt-2">{t(reason.text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ways-heading">
          <h2 id="ways-heading" className="text-3xl font-bold">
            {t("partnerships.waysHeading")}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {waysToCollaborate.map((way) => (
              <li key={way.title} className="card">
                <way.icon aria-hidden="true" className="size-8 text-[var(--color-primary)]" />
                <h3 className="mt-3 text-xl font-semibold">{t(way.title)}</h3>
                <p className="mt-2">{t(way.text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="story-heading" className="card bg-[var(--color-surface)]">
          <h2 id="story-heading" className="text-3xl font-bold">
            {t("partnerships.storyHeading")}
          </h2>
          <figure className="mt-6">
            <Quote aria-hidden="true" className="size-8 text-[var(--color-accent-strong)]" />
            <blockquote className="mt-2 text-lg">
              <p>{t("partnerships.storyQuote")}</p>
            </blockquote>
            <figcaption className="mt-4 font-semibold">{t("partnerships.storyAuthor")}</figcaption>
          </figure>
        </section>

        <section id="get-started" aria-labelledby="get-started-heading" className="card max-w-2xl">
          <h2 id="get-started-heading" className="text-3xl font-bold">
            {t("partnerships.getStarted")}
          </h2>
          <p className="mt-2 text-[var(--color-muted)]">{t("partnerships.formIntro")}</p>
          <PublicForm<PartnershipInput>
            id="partnership"
            lastResult={actionData}
            className="mt-6 space-y-4"
            fields={[
              {
                name: "name",
                label: "forms.name",
                autoComplete: "name",
                maxLength: limits.name,
                missing: "validation.name",
              },
              {
                name: "company",
                label: "forms.company",
                autoComplete: "organization",
                maxLength: limits.company,
                missing: "validation.company",
              },
              emailField,
              messageField,
            ]}
            submitLabel="partnerships.submit"
            submittingLabel="forms.sending"
          />
        </section>
      </div>
    </main>
  );
}
