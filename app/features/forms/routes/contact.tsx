import { Mail, MapPin, Phone } from "lucide-react";
import { emailField, messageField, PublicForm } from "#app/components/public-form";
import { type ContactInput, contactSchema } from "#app/features/forms/schemas";
import { saveContactMessage } from "#app/features/forms/submissions.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { handlePublicForm } from "#app/lib/form-actions.server";
import { limits } from "#app/lib/limits";
import { contactInfo } from "#app/lib/organization";
import { useRootData } from "#app/lib/root-data";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/contact";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["contact", "forms", "meta", "validation", "volunteer"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "contact");
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicForm(request, {
    name: "contact",
    schema: contactSchema,
    redirectTo: "/contact",
    successToast: (_value, { t }) => ({
      type: "success",
      title: t("contact.sentTitle"),
      description: t("contact.sentDescription"),
    }),
    save: async (value, { locale }) => {
      await saveContactMessage(value, locale);
      return undefined;
    },
  });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { t } = useLocale();
  const address = useRootData()?.org.address;

  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold">{t("contact.title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-[var(--color-muted)]">{t("contact.intro")}</p>

      <div className="mt-10 grid gap-10 md:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-info-heading">
          <h2 id="contact-info-heading" className="text-2xl font-semibold">
            {t("contact.getInTouch")}
          </h2>
          <ul className="mt-4 space-y-4">
            {address ? (
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-1 shrink-0" />
                <span>
                  <span className="block font-semibold">{t("contact.address")}</span>
                  <address className="not-italic">{address}</address>
                </span>
              </li>
            ) : null}
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-1 shrink-0" />
              <span>
                <span className="block font-semibold">{t("contact.phone")}</span>
                <a className="link" href={`tel:${contactInfo.phone.replace(/[^\d+]/g, "")}`}>
                  {contactInfo.phone}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 shrink-0" />
              <span>
                <span className="block font-semibold">{t("forms.email")}</span>
                <a className="link" href={`mailto:${contactInfo.email}`}>
                  {contactInfo.email}
                </a>
              </span>
            </li>
          </ul>
        </section>

        <section aria-labelledby="contact-form-heading" className="card">
          <h2 id="contact-form-heading" className="text-2xl font-semibold">
            {t("contact.formHeading")}
          </h2>
          <PublicForm<ContactInput>
            id="contact"
            lastResult={actionData}
            fields={[
              {
                name: "name",
                label: "forms.name",
                autoComplete: "name",
                maxLength: limits.name,
                missing: "validation.name",
              },
              emailField,
              messageField,
            ]}
            submitLabel="contact.send"
            submittingLabel="forms.sending"
          />
        </section>
      </div>
    </main>
  );
}
