import type { ReactNode } from "react";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { type MessageKey, RichMessage, useLocale } from "#app/i18n/translator";
import { contactInfo } from "#app/lib/organization";
import { useRootData } from "#app/lib/root-data";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/privacy";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["meta", "privacy"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("meta.privacy.title"),
    description: t("meta.privacy.description"),
  }));
}

type PrivacyKey = Extract<MessageKey, `privacy.${string}`>;

/** The date this version of the policy took effect. */
const EFFECTIVE_DATE = new Date(Date.UTC(2025, 1, 13));

function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 space-y-3">
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** Each section: a heading, then paragraphs and list items (catalog keys; <strong> allowed). */
const sections = [
  {
    title: "privacy.collect.title",
    before: ["privacy.collect.intro"],
    items: [
      "privacy.collect.newsletter",
      "privacy.collect.contact",
      "privacy.collect.volunteer",
      "privacy.collect.partnership",
      "privacy.collect.uploads",
      "privacy.collect.donations",
    ],
    after: ["privacy.collect.technical"],
  },
  {
    title: "privacy.use.title",
    items: [
      "privacy.use.answer",
      "privacy.use.newsletter",
      "privacy.use.donations",
      "privacy.use.safety",
    ],
  },
  { title: "privacy.payments.title", before: ["privacy.payments.text"] },
  { title: "privacy.newsletter.title", before: ["privacy.newsletter.text"] },
  {
    title: "privacy.cookies.title",
    before: ["privacy.cookies.intro"],
    items: ["privacy.cookies.session", "privacy.cookies.flash", "privacy.cookies.storage"],
  },
  { title: "privacy.sharing.title", before: ["privacy.sharing.text"] },
  { title: "privacy.retention.title", before: ["privacy.retention.text"] },
  { title: "privacy.security.title", before: ["privacy.security.text"] },
  { title: "privacy.choices.title", before: ["privacy.choices.text"] },
  { title: "privacy.children.title", before: ["privacy.children.text"] },
  { title: "privacy.changes.title", before: ["privacy.changes.text"] },
] as const satisfies {
  title: PrivacyKey;
  before?: readonly PrivacyKey[];
  items?: readonly PrivacyKey[];
  after?: readonly PrivacyKey[];
}[];

export default function PrivacyPage() {
  const { t, formatDate } = useLocale();
  const org = useRootData()?.org;
  const orgName = org?.name ?? "Houston Home Foundation";
  const components = {
    strong: <strong />,
    email: (
      <a href={`mailto:${contactInfo.email}`} className="link">
        {contactInfo.email}
      </a>
    ),
  };
  const rich = (key: PrivacyKey) => (
    <RichMessage
      messageKey={key}
      values={{ org: orgName, email: contactInfo.email }}
      components={components}
    />
  );
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-16 text-lg">
      <h1 className="text-4xl font-bold">{t("privacy.title")}</h1>
      <p className="mt-4 font-semibold">
        {t("privacy.effective", {
          date: formatDate(EFFECTIVE_DATE, { dateStyle: "long", timeZone: "UTC" }),
        })}
      </p>
      <p className="mt-4">{rich("privacy.intro")}</p>

      {sections.map((section) => (
        <PolicySection key={section.title} title={t(section.title)}>
          {"before" in section ? section.before.map((key) => <p key={key}>{rich(key)}</p>) : null}
          {"items" in section ? (
            <ul className="list-disc space-y-2 pl-6">
              {section.items.map((key) => (
                <li key={key}>{rich(key)}</li>
              ))}
            </ul>
          ) : null}
          {"after" in section ? section.after.map((key) => <p key={key}>{rich(key)}</p>) : null}
        </PolicySection>
      ))}

      <PolicySection title={t("privacy.contact.title")}>
        <address className="not-italic">
          {orgName}
          <br />
          {org?.address ?? "Houston, TX"}
          <br />
          {t("privacy.contact.email")} {components.email}
          <br />
          {t("privacy.contact.phone")} {contactInfo.phone}
        </address>
      </PolicySection>
    </main>
  );
}
