import { Camera, ChevronDown, Heart } from "lucide-react";
import { NewsletterForm } from "#app/features/forms/index";
import { useLocale } from "#app/i18n/translator";
import { contactInfo } from "#app/lib/organization";
import { useRootData } from "#app/lib/root-data";
import { Countdown } from "#app/site/components/countdown";
import { GiftForm } from "#app/site/components/gift-form";
import { LanguageSwitch } from "#app/site/components/language";
import { parseLaunchAt } from "#app/site/launch";
import { socialLinks } from "#app/site/navigation";

const instagram = socialLinks.find((link) => link.label === "Instagram") ?? socialLinks[0];

const faqs = [
  { question: "launch.faq.when.question", answer: "launch.faq.when.answer" },
  { question: "launch.faq.donation.question", answer: "launch.faq.donation.answer" },
  { question: "launch.faq.help.question", answer: "launch.faq.help.answer" },
] as const;

/**
 * The pre-launch page (docs/decisions/015-root-route-before-launch.md): `/launch` always, and `/`
 * before LAUNCH_AT. Standalone it carries its own small footer; inside the site layout the site's
 * footer is already there.
 */
export function PrelaunchPage({
  actionData,
  launchAt,
  standalone,
}: {
  actionData: unknown;
  launchAt: string;
  standalone: boolean;
}) {
  const { t, formatDate } = useLocale();
  const org = useRootData()?.org;
  const orgName = org?.name ?? "Houston Home Foundation";
  // A wall-clock date, read the same way on server and browser: "April 24, 2025".
  const launchDate = formatDate(parseLaunchAt(launchAt), {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  return (
    <>
      <main id="main-content">
        <section
          aria-labelledby="launch-heading"
          className="bg-[var(--color-primary)] text-[var(--color-on-primary)]"
        >
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 px-4 py-16 text-center">
            {standalone ? (
              <LanguageSwitch
                className="self-end"
                linkClassName="font-semibold text-[var(--color-on-primary)] underline underline-offset-4"
              />
            ) : null}
            <p className="flex items-center gap-2 text-xl font-bold">
              <Heart aria-hidden="true" className="size-8" />
              {orgName}
            </p>
            <div className="space-y-4">
              <h1 id="launch-heading" className="text-4xl font-bold sm:text-5xl">
                {t("launch.heading")}
              </h1>
              <p className="text-lg sm:text-xl">{t("launch.intro", { date: launchDate })}</p>
            </div>
            <div className="w-full max-w-xl">
              <Countdown launchAt={launchAt} label={t("launch.countdownLabel")} />
            </div>
            <section
              id="newsletter"
              aria-labelledby="newsletter-heading"
              className="card w-full max-w-lg text-left text-[var(--color-text)]"
            >
              <h2 id="newsletter-heading" className="mb-4 text-center text-2xl font-bold">
                {t("launch.newsletterHeading")}
              </h2>
              <NewsletterForm variant="launch" lastResult={actionData} />
            </section>
            <a
              href={instagram.href}
              className="inline-flex items-center gap-2 font-semibold text-[var(--color-on-primary)] underline underline-offset-4"
            >
              <Camera aria-hidden="true" className="size-5" />
              {t("launch.follow", { network: instagram.label })}
            </a>
            <a href="#about" className="icon-button border-2 border-current text-inherit">
              <ChevronDown aria-hidden="true" className="size-6" />
              <span className="sr-only">{t("launch.scrollDown")}</span>
            </a>
          </div>
        </section>

        <section
          id="about"
          aria-labelledby="about-heading"
          className="mx-auto max-w-3xl space-y-4 px-4 py-16"
        >
          <h2 id="about-heading" className="text-3xl font-bold">
            {t("about.title")}
          </h2>
          <p className="text-lg">{t("launch.about", { org: orgName })}</p>
          <p className="text-lg">{t("launch.aboutNonprofit")}</p>
          <a href="#newsletter" className="btn btn-primary">
            {t("launch.joinNewsletter")}
          </a>
        </section>

        <section id="donate" aria-labelledby="donate-heading" className="bg-[var(--color-surface)]">
          <div className="mx-auto max-w-2xl px-4 py-16">
            <h2 id="donate-heading" className="text-center text-3xl font-bold">
              {t("launch.supportHeading")}
            </h2>
            <div className="card mt-8">
              <GiftForm kind="prelaunch" formId="donation-prelaunch" />
            </div>
          </div>
        </section>

        <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="faq-heading" className="text-3xl font-bold">
            {t("launch.faqHeading")}
          </h2>
          <div className="mt-6 space-y-3">
            {faqs.map((faq) => (
              <details key={faq.question} className="card">
                <summary className="cursor-pointer text-lg font-semibold">
                  {t(faq.question)}
                </summary>
                <p className="mt-3">{t(faq.answer, { email: contactInfo.email })}</p>
              </details>
            ))}
          </div>
        </section>
      </main>
      {standalone ? (
        <footer className="site-footer">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-2 px-4 py-8 text-center text-sm">
            <p>
              {t("launch.questions")}{" "}
              <a href={`mailto:${contactInfo.email}`} className="footer-link underline">
                {contactInfo.email}
              </a>
            </p>
            <p>{t("footer.copyright", { year: new Date().getFullYear(), org: orgName })}</p>
          </div>
        </footer>
      ) : null}
    </>
  );
}
