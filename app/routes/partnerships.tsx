import { getFormProps } from "@conform-to/react";
import { Briefcase, HandHeart, Megaphone, Quote, TrendingUp, Users } from "lucide-react";
import { Form } from "react-router";
import { ErrorList, Field, HoneypotField, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { handlePublicForm } from "#app/lib/forms.server";
import { limits, partnershipSchema } from "#app/lib/schemas";
import { savePartnershipInquiry } from "#app/lib/submissions.server";
import type { Route } from "./+types/partnerships";

export function meta() {
  return [{ title: "Corporate Partnerships - Houston Home Foundation" }];
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicForm(request, {
    name: "partnership",
    schema: partnershipSchema,
    redirectTo: "/partnerships",
    successToast: {
      type: "success",
      title: "Partnership Inquiry Received",
      description: "Thank you! Our partnerships team will contact you soon.",
    },
    save: async (value) => {
      await savePartnershipInquiry(value);
      return undefined;
    },
  });
}

const reasons = [
  {
    icon: TrendingUp,
    title: "Measurable impact",
    text: "100% of funds go to our programs, and we report back on the people your support reached.",
  },
  {
    icon: Users,
    title: "Engaged employees",
    text: "Meaningful, hands-on service builds teams and gives your people a reason to be proud.",
  },
  {
    icon: HandHeart,
    title: "A stronger Houston",
    text: "Stable housing and jobs make neighborhoods safer and healthier for everyone, your customers included.",
  },
] as const;

const waysToCollaborate = [
  {
    icon: Megaphone,
    title: "Cause Marketing",
    text: "Dedicate a share of a product's sales or a campaign to our programs and tell your customers the story.",
  },
  {
    icon: Users,
    title: "Corporate Volunteer Days",
    text: "Bring your team to serve meals, sort donations or lead job-readiness workshops for a day.",
  },
  {
    icon: Briefcase,
    title: "Workplace Giving",
    text: "Offer payroll giving and matching gifts so every employee can support neighbors in need.",
  },
] as const;

export default function PartnershipsPage({ actionData }: Route.ComponentProps) {
  const { form, fields, submitting } = usePublicForm(partnershipSchema, {
    id: "partnership",
    lastResult: actionData,
  });

  return (
    <main id="main-content">
      <section className="bg-[var(--color-primary)] text-[var(--color-on-primary)]">
        <div className="mx-auto max-w-5xl px-4 py-20">
          <h1 className="text-4xl font-bold sm:text-5xl">Partner With Us</h1>
          <p className="mt-4 max-w-2xl text-xl">
            Businesses and organizations across Houston help us bring people home. Together we can
            turn your company's resources and talents into housing, jobs and hope.
          </p>
          <a href="#get-started" className="btn btn-accent mt-8">
            Get Started
          </a>
        </div>
      </section>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-16">
        <section aria-labelledby="why-heading">
          <h2 id="why-heading" className="text-3xl font-bold">
            Why Partner With Us
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title} className="card">
                <reason.icon aria-hidden="true" className="size-8 text-[var(--color-primary)]" />
                <h3 className="mt-3 text-xl font-semibold">{reason.title}</h3>
                <p className="mt-2">{reason.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ways-heading">
          <h2 id="ways-heading" className="text-3xl font-bold">
            Ways to Collaborate
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {waysToCollaborate.map((way) => (
              <li key={way.title} className="card">
                <way.icon aria-hidden="true" className="size-8 text-[var(--color-primary)]" />
                <h3 className="mt-3 text-xl font-semibold">{way.title}</h3>
                <p className="mt-2">{way.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="story-heading" className="card bg-[var(--color-surface)]">
          <h2 id="story-heading" className="text-3xl font-bold">
            Success Story
          </h2>
          <figure className="mt-6">
            <Quote aria-hidden="true" className="size-8 text-[var(--color-accent-strong)]" />
            <blockquote className="mt-2 text-lg">
              <p>
                Our employees spent one Saturday a month serving dinner and running mock job
                interviews. Within a year, twelve of the guests they coached had found work, and our
                team asked to make it a permanent program.
              </p>
            </blockquote>
            <figcaption className="mt-4 font-semibold">
              - Community relations lead at a Houston engineering firm
            </figcaption>
          </figure>
        </section>

        <section id="get-started" aria-labelledby="get-started-heading" className="card max-w-2xl">
          <h2 id="get-started-heading" className="text-3xl font-bold">
            Get Started
          </h2>
          <p className="mt-2 text-[var(--color-muted)]">
            Tell us about your organization and what you have in mind. We will reply within a few
            business days.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <HoneypotField />
            <Field label="Name" field={fields.name} autoComplete="name" maxLength={limits.name} />
            <Field
              label="Company"
              field={fields.company}
              autoComplete="organization"
              maxLength={limits.company}
            />
            <Field
              label="Email"
              field={fields.email}
              type="email"
              autoComplete="email"
              maxLength={limits.email}
            />
            <TextareaField label="Message" field={fields.message} maxLength={limits.message} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              Start the Conversation
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
