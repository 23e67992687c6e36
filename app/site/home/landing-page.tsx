import { BedDouble, BookOpen, UtensilsCrossed } from "lucide-react";
import { Link } from "react-router";
import { HydrateLater } from "#app/components/hydrate-later";
import { NewsletterForm } from "#app/features/forms/index";
import { useLocale } from "#app/i18n/translator";
import { DonationHero } from "./donation-hero";
import { HelpTonight } from "./help-tonight";

const programs = [
  {
    title: "landing.programs.shelter.title",
    description: "landing.programs.shelter.description",
    href: "#",
    Icon: BedDouble,
  },
  {
    title: "landing.programs.meals.title",
    description: "landing.programs.meals.description",
    href: "#",
    Icon: UtensilsCrossed,
  },
  {
    title: "landing.programs.resources.title",
    description: "landing.programs.resources.description",
    href: "/resources",
    Icon: BookOpen,
  },
] as const;

/**
 * The full landing page (`/home`, and `/` after launch:
 * docs/decisions/015-root-route-before-launch.md).
 */
export function LandingPage({
  actionData,
  impact,
}: {
  actionData: unknown;
  /** The impact figures, from the server: staff's once published (app/features/pages). */
  impact: { heading: string; figures: { figure: string; label: string }[] };
}) {
  const { t, href: localHref } = useLocale();
  return (
    <main id="main-content">
      <HelpTonight />
      <DonationHero />

      <HydrateLater>
        <section
          aria-labelledby="impact-heading"
          className="rendered-when-near mx-auto max-w-6xl px-4 py-16"
        >
          <h2 id="impact-heading" className="text-center text-3xl font-bold">
            {impact.heading}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {impact.figures.map((item) => (
              <li key={item.label} className="card text-center">
                <span className="block text-4xl font-bold text-[var(--color-primary)]">
                  {item.figure}
                </span>
                <span className="mt-1 block text-lg">{item.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="programs-heading"
          className="rendered-when-near bg-[var(--color-surface)]"
        >
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="programs-heading" className="text-center text-3xl font-bold">
              {t("landing.programs.heading")}
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {programs.map(({ title, description, href: link, Icon }) => {
                const learnMore = (
                  <>
                    {t("landing.programs.learnMore")}
                    <span className="sr-only">
                      {" "}
                      {t("landing.programs.about", { title: t(title) })}
                    </span>
                  </>
                );
                return (
                  <li key={title} className="card flex flex-col">
                    <Icon aria-hidden="true" className="size-10 text-[var(--color-primary)]" />
                    <h3 className="mt-4 text-xl font-bold">{t(title)}</h3>
                    <p className="mt-2 flex-1">{t(description)}</p>
                    {link.startsWith("/") ? (
                      <Link to={localHref(link)} className="link mt-4 font-semibold">
                        {learnMore}
                      </Link>
                    ) : (
                      <a href={link} className="link mt-4 font-semibold">
                        {learnMore}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>

        <section
          id="newsletter"
          aria-labelledby="newsletter-heading"
          className="rendered-when-near mx-auto max-w-4xl px-4 py-16"
        >
          <h2 id="newsletter-heading" className="text-center text-3xl font-bold">
            {t("landing.newsletter.heading")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-lg">
            {t("landing.newsletter.text")}
          </p>
          <div className="mt-8">
            <NewsletterForm variant="home" lastResult={actionData} />
          </div>
        </section>
      </HydrateLater>
    </main>
  );
}
