import { BedDouble, BookOpen, UtensilsCrossed } from "lucide-react";
import { Link } from "react-router";
import { NewsletterForm } from "#app/components/newsletter-form";
import { DonationHero } from "./donation-hero";

const impactFigures = [
  { figure: "1,000+", label: "People helped monthly" },
  { figure: "15,000", label: "Meals served" },
  { figure: "500+", label: "Shelter beds" },
  { figure: "24/7", label: "Support" },
] as const;

const programs = [
  {
    title: "Emergency Shelter",
    description: "Safe, clean beds every night, with showers, lockers and caring staff on site.",
    href: "#",
    Icon: BedDouble,
  },
  {
    title: "Meal Program",
    description: "Hot, nutritious meals served daily to anyone who walks through our doors.",
    href: "#",
    Icon: UtensilsCrossed,
  },
  {
    title: "Resource Center",
    description: "Help with jobs, benefits, IDs and housing applications, plus guides to download.",
    href: "/resources",
    Icon: BookOpen,
  },
] as const;

/** Title and description of the full landing page (`/home`, and `/` after launch). */
export const landingMeta = [
  { title: "Houston Home Foundation - Everyone Deserves A Place to Call Home" },
  {
    name: "description",
    content:
      "Shelter, meals, job support and a path home for people experiencing homelessness in Houston. 100% of funds go to our programs.",
  },
];

/** The full landing page (`/home`, and `/` after launch, D1). */
export function LandingPage({ actionData }: { actionData: unknown }) {
  return (
    <main id="main-content">
      <DonationHero />

      <section aria-labelledby="impact-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="impact-heading" className="text-center text-3xl font-bold">
          Our Impact
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {impactFigures.map((item) => (
            <li key={item.label} className="card text-center">
              <span className="block text-4xl font-bold text-[var(--color-primary)]">
                {item.figure}
              </span>
              <span className="mt-1 block text-lg">{item.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="programs-heading" className="bg-[var(--color-surface)]">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="programs-heading" className="text-center text-3xl font-bold">
            Our Programs
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {programs.map(({ title, description, href, Icon }) => (
              <li key={title} className="card flex flex-col">
                <Icon aria-hidden="true" className="size-10 text-[var(--color-primary)]" />
                <h3 className="mt-4 text-xl font-bold">{title}</h3>
                <p className="mt-2 flex-1">{description}</p>
                {href.startsWith("/") ? (
                  <Link to={href} className="link mt-4 font-semibold">
                    Learn More<span className="sr-only"> about {title}</span>
                  </Link>
                ) : (
                  <a href={href} className="link mt-4 font-semibold">
                    Learn More<span className="sr-only"> about {title}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="newsletter"
        aria-labelledby="newsletter-heading"
        className="mx-auto max-w-4xl px-4 py-16"
      >
        <h2 id="newsletter-heading" className="text-center text-3xl font-bold">
          Stay Connected
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg">
          Get stories from our programs, volunteer openings and ways to help, about once a month.
        </p>
        <div className="mt-8">
          <NewsletterForm variant="home" lastResult={actionData} />
        </div>
      </section>
    </main>
  );
}
