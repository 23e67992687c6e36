import { getFormProps } from "@conform-to/react";
import { Mail, MapPin, Phone } from "lucide-react";
import { Form } from "react-router";
import { ErrorList, Field, HoneypotField, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { handlePublicForm } from "#app/lib/forms.server";
import { contactSchema, limits } from "#app/lib/schemas";
import { contactInfo } from "#app/lib/site";
import { saveContactMessage } from "#app/lib/submissions.server";
import { useRootData } from "#app/root";
import type { Route } from "./+types/contact";

export function meta() {
  return [{ title: "Contact Us - Houston Home Foundation" }];
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicForm(request, {
    name: "contact",
    schema: contactSchema,
    redirectTo: "/contact",
    successToast: {
      type: "success",
      title: "Message Sent",
      description: "Thank you for reaching out. We will get back to you soon.",
    },
    save: async (value) => {
      await saveContactMessage(value);
      return undefined;
    },
  });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const address = useRootData()?.org.address;
  const { form, fields, submitting } = usePublicForm(contactSchema, {
    id: "contact",
    lastResult: actionData,
  });

  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold">Contact Us</h1>
      <p className="mt-4 max-w-2xl text-lg text-[var(--color-muted)]">
        Questions about our programs, volunteering or donations? Reach us any way you like, or send
        us a message below.
      </p>

      <div className="mt-10 grid gap-10 md:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-info-heading">
          <h2 id="contact-info-heading" className="text-2xl font-semibold">
            Get in touch
          </h2>
          <ul className="mt-4 space-y-4">
            {address ? (
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-1 shrink-0" />
                <span>
                  <span className="block font-semibold">Address</span>
                  <address className="not-italic">{address}</address>
                </span>
              </li>
            ) : null}
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-1 shrink-0" />
              <span>
                <span className="block font-semibold">Phone</span>
                <a className="link" href={`tel:${contactInfo.phone.replace(/[^\d+]/g, "")}`}>
                  {contactInfo.phone}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 shrink-0" />
              <span>
                <span className="block font-semibold">Email</span>
                <a className="link" href={`mailto:${contactInfo.email}`}>
                  {contactInfo.email}
                </a>
              </span>
            </li>
          </ul>
        </section>

        <section aria-labelledby="contact-form-heading" className="card">
          <h2 id="contact-form-heading" className="text-2xl font-semibold">
            Send us a message
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <HoneypotField />
            <Field label="Name" field={fields.name} autoComplete="name" maxLength={limits.name} />
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
              {submitting ? "Sending..." : "Send Message"}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
