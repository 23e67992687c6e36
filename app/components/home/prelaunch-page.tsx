import { Camera, ChevronDown, Heart } from "lucide-react";
import { DonationPanel } from "#app/components/donation/donation-panel";
import { NewsletterForm } from "#app/components/newsletter-form";
import { Countdown } from "#app/components/site/countdown";
import { parseLaunchAt } from "#app/lib/launch";
import { contactInfo, socialLinks } from "#app/lib/site";
import { useRootData } from "#app/root";

const instagram = socialLinks.find((link) => link.label === "Instagram") ?? socialLinks[0];

const faqs = [
  {
    question: "When does the new website launch?",
    answer:
      "We launch in early 2025. Subscribe to our newsletter above and we will tell you the moment the doors open.",
  },
  {
    question: "How will my donation be used?",
    answer:
      "100% of funds go to our programs: emergency shelter, daily meals and our resource center, where people get help with jobs, benefits and housing.",
  },
  {
    question: "How can I help before the launch?",
    answer: `Join the newsletter, tell a friend, or write to us at ${contactInfo.email} to volunteer or partner with us.`,
  },
] as const;

/** Title and description of the pre-launch page (`/launch`, and `/` before launch). */
export const prelaunchMeta = [
  { title: "Coming Soon - Houston Home Foundation" },
  {
    name: "description",
    content:
      "Our new website for housing, job support and essential services in Houston is launching soon. Subscribe to hear first.",
  },
];

/** "April 24, 2025": the same on server and browser, as it names a wall-clock date. */
function launchDateText(launchAt: string) {
  return parseLaunchAt(launchAt).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/**
 * The pre-launch page (spec 2, 4; D1): `/launch` always, and `/` before LAUNCH_AT. Standalone it
 * carries its own small footer; inside the site layout the site's footer is already there.
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
  const org = useRootData()?.org;
  const orgName = org?.name ?? "Houston Home Foundation";
  return (
    <>
      <main id="main-content">
        <section
          aria-labelledby="launch-heading"
          className="bg-[var(--color-primary)] text-[var(--color-on-primary)]"
        >
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 px-4 py-16 text-center">
            <p className="flex items-center gap-2 text-xl font-bold">
              <Heart aria-hidden="true" className="size-8" />
              {orgName}
            </p>
            <div className="space-y-4">
              <h1 id="launch-heading" className="text-4xl font-bold sm:text-5xl">
                A New Home for Hope Is Coming
              </h1>
              <p className="text-lg sm:text-xl">
                A simpler way to find help, give and volunteer for people experiencing homelessness
                in Houston. Our new website opens on {launchDateText(launchAt)}.
              </p>
            </div>
            <div className="w-full max-w-xl">
              <Countdown launchAt={launchAt} label="Time until our launch" />
            </div>
            <section
              id="newsletter"
              aria-labelledby="newsletter-heading"
              className="card w-full max-w-lg text-left text-[var(--color-text)]"
            >
              <h2 id="newsletter-heading" className="mb-4 text-center text-2xl font-bold">
                Be the First to Know
              </h2>
              <NewsletterForm variant="launch" lastResult={actionData} />
            </section>
            <a
              href={instagram.href}
              className="inline-flex items-center gap-2 font-semibold text-[var(--color-on-primary)] underline underline-offset-4"
            >
              <Camera aria-hidden="true" className="size-5" />
              Follow us on {instagram.label}
            </a>
            <a href="#about" className="icon-button border-2 border-current text-inherit">
              <ChevronDown aria-hidden="true" className="size-6" />
              <span className="sr-only">Scroll down to learn more</span>
            </a>
          </div>
        </section>

        <section
          id="about"
          aria-labelledby="about-heading"
          className="mx-auto max-w-3xl space-y-4 px-4 py-16"
        >
          <h2 id="about-heading" className="text-3xl font-bold">
            About Us
          </h2>
          <p className="text-lg">
            Since 2010, {orgName} has provided housing, job support and essential services to people
            experiencing homelessness in Houston. Every night our shelter offers a safe bed, every
            day our kitchen serves hot meals, and our resource center helps people find work and a
            home of their own.
          </p>
          <p className="text-lg">
            We are a 501(c)(3) nonprofit, and 100% of funds go to our programs. Our new website will
            make it easier to find help, to give and to volunteer.
          </p>
          <a href="#newsletter" className="btn btn-primary">
            Join Our Newsletter
          </a>
        </section>

        <section id="donate" aria-labelledby="donate-heading" className="bg-[var(--color-surface)]">
          <div className="mx-auto max-w-2xl px-4 py-16">
            <h2 id="donate-heading" className="text-center text-3xl font-bold">
              Support Our Mission
            </h2>
            <div className="card mt-8">
              <DonationPanel kind="prelaunch" formId="donation-prelaunch" />
            </div>
          </div>
        </section>

        <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="faq-heading" className="text-3xl font-bold">
            Frequently Asked Questions
          </h2>
          <div className="mt-6 space-y-3">
            {faqs.map((faq) => (
              <details key={faq.question} className="card">
                <summary className="cursor-pointer text-lg font-semibold">{faq.question}</summary>
                <p className="mt-3">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      </main>
      {standalone ? (
        <footer className="site-footer">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-2 px-4 py-8 text-center text-sm">
            <p>
              Questions? Write to us at{" "}
              <a href={`mailto:${contactInfo.email}`} className="footer-link underline">
                {contactInfo.email}
              </a>
            </p>
            <p>
              &copy; {new Date().getFullYear()} {orgName}. All rights reserved.
            </p>
          </div>
        </footer>
      ) : null}
    </>
  );
}
