import { getFormProps } from "@conform-to/react";
import { CheckCircle2, Clock, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Form } from "react-router";
import { ErrorList, Field, HoneypotField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { handlePublicForm } from "#app/lib/forms.server";
import { limits, volunteerSchema } from "#app/lib/schemas";
import { volunteerOpportunities, volunteerRequirements } from "#app/lib/site";
import { saveVolunteerSignup } from "#app/lib/submissions.server";
import { useHydrated } from "#app/lib/use-hydrated";
import type { Route } from "./+types/volunteer";

type Opportunity = (typeof volunteerOpportunities)[number];

export function meta() {
  return [{ title: "Volunteer - Houston Home Foundation" }];
}

/** `?opportunity=<slug>` shows that sign-up form on the page: the way in without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("opportunity");
  return { selected: volunteerOpportunities.find((item) => item.slug === slug)?.slug ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicForm(request, {
    name: "volunteer",
    schema: volunteerSchema,
    redirectTo: "/volunteer",
    successToast: (value) => ({
      type: "success",
      title: "Thank you for your interest",
      description: `We will contact you at ${value.email} about volunteering with ${opportunityBySlug(value.opportunity).title}.`,
    }),
    save: async (value) => {
      await saveVolunteerSignup(value);
      return undefined;
    },
  });
}

function opportunityBySlug(slug: string): Opportunity {
  return volunteerOpportunities.find((item) => item.slug === slug) ?? volunteerOpportunities[0];
}

export default function VolunteerPage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [dialogFor, setDialogFor] = useState<Opportunity | null>(null);
  const inline = loaderData.selected ? opportunityBySlug(loaderData.selected) : null;

  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold">Volunteer With Us</h1>
      <p className="mt-4 max-w-2xl text-lg text-[var(--color-muted)]">
        Volunteers keep our meals served, our resource center open and our clinic running. Choose an
        opportunity that fits your week and sign up - we will be in touch about next steps.
      </p>

      <section aria-labelledby="opportunities-heading" className="mt-12">
        <h2 id="opportunities-heading" className="text-2xl font-semibold">
          Volunteer Opportunities
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {volunteerOpportunities.map((opportunity) => (
            <li key={opportunity.slug} className="card flex flex-col gap-3">
              <h3 className="text-xl font-semibold">{opportunity.title}</h3>
              <p className="flex items-center gap-2 font-medium">
                <Clock aria-hidden="true" className="size-5 shrink-0" />
                {opportunity.hours}
              </p>
              <p className="grow">{opportunity.description}</p>
              {/* A link until hydrated (the form then shows on the page), a dialog button after. */}
              {hydrated ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setDialogFor(opportunity)}
                >
                  Sign Up<span className="sr-only"> for {opportunity.title}</span>
                </button>
              ) : (
                <a
                  href={`/volunteer?opportunity=${opportunity.slug}#signup`}
                  className="btn btn-primary"
                >
                  Sign Up<span className="sr-only"> for {opportunity.title}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>

      {inline ? (
        <section id="signup" aria-labelledby="signup-heading" className="card mt-12 max-w-xl">
          <h2 id="signup-heading" className="text-2xl font-semibold">
            Sign up: {inline.title}
          </h2>
          <p className="mt-1 text-[var(--color-muted)]">{inline.hours}</p>
          <VolunteerForm
            key={inline.slug}
            formId="volunteer-inline"
            opportunity={inline}
            action={`/volunteer?opportunity=${inline.slug}`}
            lastResult={actionData}
          />
        </section>
      ) : null}

      <section aria-labelledby="requirements-heading" className="mt-12">
        <h2 id="requirements-heading" className="text-2xl font-semibold">
          Volunteer Requirements
        </h2>
        <ul className="mt-4 space-y-2">
          {volunteerRequirements.map((requirement) => (
            <li key={requirement} className="flex gap-2">
              <CheckCircle2
                aria-hidden="true"
                className="mt-1 size-5 shrink-0 text-[var(--color-success)]"
              />
              {requirement}
            </li>
          ))}
        </ul>
      </section>

      <Dialog.Root
        open={dialogFor !== null}
        onOpenChange={(open) => {
          if (!open) setDialogFor(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog-content">
            {dialogFor ? (
              <>
                <div className="flex items-start justify-between gap-4">
                  <div>
                    <Dialog.Title className="text-2xl font-bold">
                      Sign up: {dialogFor.title}
                    </Dialog.Title>
                    <Dialog.Description className="text-[var(--color-muted)]">
                      {dialogFor.hours}. Leave your details and we will contact you.
                    </Dialog.Description>
                  </div>
                  <Dialog.Close className="icon-button" aria-label="Close">
                    <X aria-hidden="true" className="size-5" />
                  </Dialog.Close>
                </div>
                <VolunteerForm
                  key={dialogFor.slug}
                  formId="volunteer-dialog"
                  opportunity={dialogFor}
                  action="/volunteer"
                  lastResult={actionData}
                  onSuccess={() => setDialogFor(null)}
                />
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
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
  const { form, fields, submitting } = usePublicForm(volunteerSchema, {
    id: formId,
    lastResult,
    onSuccess,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="opportunity" value={opportunity.slug} />
      <HoneypotField />
      <Field label="Name" field={fields.name} autoComplete="name" maxLength={limits.name} />
      <Field
        label="Email"
        field={fields.email}
        type="email"
        autoComplete="email"
        maxLength={limits.email}
      />
      <Field
        label="Phone (optional)"
        field={fields.phone}
        type="tel"
        autoComplete="tel"
        maxLength={limits.phone}
      />
      <ErrorList
        id={form.errorId}
        errors={[...(form.errors ?? []), ...(fields.opportunity.errors ?? [])]}
      />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {submitting ? "Signing up..." : "Sign Up"}
      </button>
    </Form>
  );
}
