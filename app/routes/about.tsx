import { Link } from "react-router";
import { useRootData } from "#app/root";

export function meta() {
  return [
    { title: "About Us - Houston Home Foundation" },
    {
      name: "description",
      content:
        "Our mission, our founder and our history: serving people experiencing homelessness in Houston since 2010.",
    },
  ];
}

const history = [
  {
    when: "2010",
    title: "Our doors open",
    text: "Our founder opens a small overnight shelter in Houston with a handful of volunteers and a simple promise: no one who asks for help is turned away.",
  },
  {
    when: "The next years",
    title: "Meals, then a path forward",
    text: "A daily meal program follows, then our Resource Center, where guests get help with jobs, benefits, identification and housing applications.",
  },
  {
    when: "Today",
    title: "A place to call home",
    text: "We help more than 1,000 people every month, with over 500 shelter beds, 15,000 meals served and support around the clock, 24/7.",
  },
] as const;

export default function AboutPage() {
  const orgName = useRootData()?.org.name ?? "Houston Home Foundation";
  return (
    <main id="main-content" className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-4xl font-bold sm:text-5xl">About Us</h1>
      <p className="mt-4 text-xl">
        {orgName} is a 501(c)(3) nonprofit in Houston. We provide housing, job support and essential
        services to people experiencing homelessness.
      </p>

      <section aria-labelledby="mission-heading" className="mt-12">
        <h2 id="mission-heading" className="text-3xl font-bold">
          Our Mission
        </h2>
        <p className="mt-4 text-lg">
          We believe everyone deserves a place to call home. Our mission is to meet people where
          they are - with a safe bed, a warm meal and a helping hand - and to walk with them until
          they have stable work and a home of their own.
        </p>
        <p className="mt-4 text-lg">
          <strong>100% of funds go to our programs.</strong> Every public donation pays for shelter,
          meals and services, never for overhead.
        </p>
      </section>

      <section aria-labelledby="founder-heading" className="card mt-12">
        <h2 id="founder-heading" className="text-3xl font-bold">
          Our Founder
        </h2>
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
          <img
            src="/images/founder.svg"
            alt=""
            width={160}
            height={160}
            className="size-40 shrink-0 rounded-full"
          />
          <div className="space-y-3 text-lg">
            <p className="font-semibold">Founder and Executive Director</p>
            <p>
              Our founder started {orgName} in 2010 after years of working alongside people living
              on Houston's streets, and has led it as executive director ever since.
            </p>
            <p>
              With over 15 years of experience in homeless services, housing and job training, our
              founder has built partnerships with shelters, employers, clinics and city agencies so
              that each guest can find the help they need under one roof.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="history-heading" className="mt-12">
        <h2 id="history-heading" className="text-3xl font-bold">
          Our History
        </h2>
        <ol className="mt-6 space-y-6 border-l-4 border-[var(--color-primary)] pl-6">
          {history.map((step) => (
            <li key={step.title}>
              <p className="text-sm font-bold uppercase tracking-wide text-[var(--color-accent-strong)]">
                {step.when}
              </p>
              <h3 className="text-xl font-bold">{step.title}</h3>
              <p className="mt-1 text-lg">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="help-heading" className="mt-12">
        <h2 id="help-heading" className="text-3xl font-bold">
          Join Us
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/home#donate" className="btn btn-accent">
            Donate Now
          </Link>
          <Link to="/volunteer" className="btn btn-outline">
            Volunteer With Us
          </Link>
        </div>
      </section>
    </main>
  );
}
