import { CheckCircle2, Clock } from "lucide-react";
import { useState } from "react";
import { Dialog, preloadDialog } from "#app/components/dialog";
import { emailField, PublicForm } from "#app/components/public-form";
import { type VolunteerInput, volunteerSchema } from "#app/features/forms/schemas";
import { saveVolunteerSignup } from "#app/features/forms/submissions.server";
import {
  shiftWhen,
  volunteerOpportunities,
  volunteerRequirements,
} from "#app/features/shifts/index";
import { addedOpportunities, upcomingShiftsByOpportunity } from "#app/features/shifts/index.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import * as clock from "#app/lib/clock.server";
import { handlePublicForm } from "#app/lib/form-actions.server";
import { limits } from "#app/lib/limits";
import { pageMeta } from "#app/lib/seo";
import { useHydrated } from "#app/lib/use-hydrated";
import { type ListedShift, ShiftList } from "../components/shift-list";
import type { Route } from "./+types/volunteer";

type Opportunity = (typeof volunteerOpportunities)[number];

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "meta", "validation", "volunteer", "volunteerShifts"],
} satisfies PageMessagesHandle;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "volunteer");
}

/**
 * `?opportunity=<slug>` shows that sign-up form on the page: the way in without JavaScript. Each
 * opportunity's upcoming shifts come with it (docs/decisions/237-volunteer-shifts.md); the page is
 * cached under the `shifts` topic, dropped by every sign-up.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("opportunity");
  const locale = localeFromRequest(request);
  const now = clock.now();
  const byOpportunity = await upcomingShiftsByOpportunity(locale, now);
  const shifts: Record<string, ListedShift[]> = {};
  for (const [key, list] of Object.entries(byOpportunity)) {
    shifts[key] = list.map((shift) => ({
      id: shift.id,
      title: shift.title,
      when: shiftWhen(locale, shift.startsAt, shift.endsAt),
      seatsLeft: shift.seatsLeft,
      waitlistOpen: shift.waitlistOpen,
    }));
  }
  // Opportunities staff added show while they have shifts; their sign-up is the shift's own.
  const added = (await addedOpportunities(locale)).filter((item) => shifts[item.slug]);
  return {
    selected: volunteerOpportunities.find((item) => item.slug === slug)?.slug ?? null,
    shifts,
    added,
    messages: pageMessages(request, handle),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicForm(request, {
    name: "volunteer",
    schema: volunteerSchema,
    redirectTo: "/volunteer",
    successToast: (value, { t }) => ({
      type: "success",
      title: t("volunteer.thanksTitle"),
      description: t("volunteer.thanksDescription", {
        email: value.email,
        opportunity: t(opportunityBySlug(value.opportunity).title),
      }),
    }),
    save: async (value, { locale }) => {
      await saveVolunteerSignup(value, locale);
      return undefined;
    },
  });
}

function opportunityBySlug(slug: string): Opportunity {
  return volunteerOpportunities.find((item) => item.slug === slug) ?? volunteerOpportunities[0];
}

export default function VolunteerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const hydrated = useHydrated();
  const [dialogFor, setDialogFor] = useState<Opportunity | null>(null);
  const inline = loaderData.selected ? opportunityBySlug(loaderData.selected) : null;

  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold">{t("volunteer.title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-[var(--color-muted)]">{t("volunteer.intro")}</p>

      <section aria-labelledby="opportunities-heading" className="mt-12">
        <h2 id="opportunities-heading" className="text-2xl font-semibold">
          {t("volunteer.opportunitiesHeading")}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {volunteerOpportunities.map((opportunity) => (
            <li key={opportunity.slug} className="card flex flex-col gap-3">
              <h3 className="text-xl font-semibold">{t(opportunity.title)}</h3>
              <p className="flex items-center gap-2 font-medium">
                <Clock aria-hidden="true" className="size-5 shrink-0" />
                {t(opportunity.hours)}
              </p>
              <p className="grow">{t(opportunity.description)}</p>
              {/* A link until hydrated (the form then shows on the page), a dialog button after. */}
              {hydrated ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setDialogFor(opportunity)}
                  onPointerEnter={preloadDialog}
                  onFocus={preloadDialog}
                >
                  {t("volunteer.signUp")}
                  <span className="sr-only">
                    {" "}
                    {t("volunteer.signUpFor", { opportunity: t(opportunity.title) })}
                  </span>
                </button>
              ) : (
                <a
                  href={href(`/volunteer?opportunity=${opportunity.slug}#signup`)}
                  className="btn btn-primary"
                >
                  {t("volunteer.signUp")}
                  <span className="sr-only">
                    {" "}
                    {t("volunteer.signUpFor", { opportunity: t(opportunity.title) })}
                  </span>
                </a>
              )}
            </li>
          ))}
          {loaderData.added.map((opportunity) => (
            <li key={opportunity.slug} className="card flex flex-col gap-3">
              <h3 className="text-xl font-semibold">{opportunity.title}</h3>
              <ShiftList
                shifts={loaderData.shifts[opportunity.slug] ?? []}
                headingId={`shifts-${opportunity.slug}`}
              />
            </li>
          ))}
        </ul>
      </section>

      {inline ? (
        <section id="signup" aria-labelledby="signup-heading" className="card mt-12 max-w-xl">
          <h2 id="signup-heading" className="text-2xl font-semibold">
            {t("volunteer.signUpHeading", { opportunity: t(inline.title) })}
          </h2>
          <p className="mt-1 text-[var(--color-muted)]">{t(inline.hours)}</p>
          <ShiftList shifts={loaderData.shifts[inline.slug] ?? []} headingId="shifts-inline" />
          <VolunteerForm
            key={inline.slug}
            formId="volunteer-inline"
            opportunity={inline}
            action={href(`/volunteer?opportunity=${inline.slug}`)}
            lastResult={actionData}
          />
        </section>
      ) : null}

      <section aria-labelledby="requirements-heading" className="mt-12">
        <h2 id="requirements-heading" className="text-2xl font-semibold">
          {t("volunteer.requirementsHeading")}
        </h2>
        <ul className="mt-4 space-y-2">
          {volunteerRequirements.map((requirement) => (
            <li key={requirement} className="flex gap-2">
              <CheckCircle2
                aria-hidden="true"
                className="mt-1 size-5 shrink-0 text-[var(--color-success)]"
              />
              {t(requirement)}
            </li>
          ))}
        </ul>
      </section>

      {dialogFor ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) setDialogFor(null);
          }}
          title={t("volunteer.signUpHeading", { opportunity: t(dialogFor.title) })}
          description={t("volunteer.dialogDescription", { hours: t(dialogFor.hours) })}
        >
          <ShiftList shifts={loaderData.shifts[dialogFor.slug] ?? []} headingId="shifts-dialog" />
          <VolunteerForm
            key={dialogFor.slug}
            formId="volunteer-dialog"
            opportunity={dialogFor}
            action={href("/volunteer")}
            lastResult={actionData}
            onSuccess={() => setDialogFor(null)}
          />
        </Dialog>
      ) : null}
    </main>
  );
}

function VolunteerForm({
  formId,
  opportunity,
  action,
  lastResult,
  onSuccess,
}: {
  formId: string;
  opportunity: Opportunity;
  action: string;
  lastResult: unknown;
  onSuccess?: () => void;
}) {
  return (
    <PublicForm<VolunteerInput>
      id={formId}
      lastResult={lastResult}
      action={action}
      hidden={{ opportunity: opportunity.slug }}
      onSuccess={onSuccess}
      fields={[
        {
          name: "name",
          label: "forms.name",
          autoComplete: "name",
          maxLength: limits.name,
          missing: "validation.name",
        },
        emailField,
        {
          name: "phone",
          label: "forms.phoneOptional",
          type: "tel",
          autoComplete: "tel",
          maxLength: limits.phone,
          optional: true,
          // The schema's rule; inside a class the browser's `v` flag wants ( ) . - escaped.
          pattern: "\\+?[0-9\\(\\)\\.\\-\\s]*",
          invalid: "validation.phone",
        },
      ]}
      submitLabel="volunteer.signUp"
      submittingLabel="volunteer.signingUp"
    />
  );
}
