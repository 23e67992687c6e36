import type { ReactNode } from "react";
import { contactInfo } from "#app/lib/site";
import { useRootData } from "#app/root";

export function meta() {
  return [
    { title: "Privacy Policy - Houston Home Foundation" },
    {
      name: "description",
      content:
        "What we collect through this website, why, who we share it with, and the choices you have.",
    },
  ];
}

function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 space-y-3">
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

export default function PrivacyPage() {
  const org = useRootData()?.org;
  const orgName = org?.name ?? "Houston Home Foundation";
  const email = (
    <a href={`mailto:${contactInfo.email}`} className="link">
      {contactInfo.email}
    </a>
  );
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-16 text-lg">
      <h1 className="text-4xl font-bold">Privacy Policy</h1>
      <p className="mt-4 font-semibold">Effective February 13, 2025</p>
      <p className="mt-4">
        {orgName} ("we", "us") respects your privacy. This policy explains what we collect through
        this website, why we collect it, and the choices you have. We never sell your information.
      </p>

      <PolicySection title="What we collect">
        <p>We only collect what you choose to send us through our forms:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Newsletter sign-up:</strong> your first name and e-mail address.
          </li>
          <li>
            <strong>Contact form:</strong> your name, e-mail address and message.
          </li>
          <li>
            <strong>Volunteer sign-up:</strong> your name, e-mail address, phone number if you give
            one, and the opportunity you chose.
          </li>
          <li>
            <strong>Partnership inquiry:</strong> your name, company, e-mail address and message.
          </li>
          <li>
            <strong>Document uploads:</strong> the file you share and its title or description.
            Uploads are reviewed by our staff before anything is published.
          </li>
          <li>
            <strong>Donations:</strong> your name, e-mail address, the amount, whether the gift is
            one-time or monthly, and its status.
          </li>
        </ul>
        <p>
          Like most websites, our server also keeps short-lived technical records (such as your IP
          address and the pages requested) to keep the site secure and to stop abuse of our forms.
        </p>
      </PolicySection>

      <PolicySection title="How we use it">
        <ul className="list-disc space-y-2 pl-6">
          <li>To answer your messages and coordinate volunteers and partners.</li>
          <li>To send the newsletter you asked for.</li>
          <li>To process donations and send receipts for your tax records.</li>
          <li>To keep this website safe and working.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Donations and card payments">
        <p>
          Card payments are handled by our payment processor, a company certified to the payment
          card industry's security standard (PCI DSS). Your card number goes directly to the
          processor; we never see or store it. We keep a record of each gift (donor name, e-mail,
          amount, frequency, date and status) to send receipts and to meet our legal and tax
          obligations.
        </p>
      </PolicySection>

      <PolicySection title="Newsletter and unsubscribing">
        <p>
          Every newsletter e-mail contains a link that unsubscribes you with one click. You can also
          write to us at {email} and we will remove you. After you unsubscribe we send you no more
          newsletters.
        </p>
      </PolicySection>

      <PolicySection title="Cookies and local storage">
        <p>We use no advertising or tracking cookies. This site uses only:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>A session cookie</strong>, only for staff who sign in, to keep them signed in.
          </li>
          <li>
            <strong>A flash cookie</strong> that carries a one-time message (for example "Thank you
            for subscribing") to the next page after you send a form. It is deleted as soon as the
            message is shown.
          </li>
          <li>
            <strong>Local storage in your browser</strong> for your accessibility settings (text
            size, contrast, font and similar choices). These settings never leave your device, and
            you can clear them at any time in your browser.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Who we share it with">
        <p>
          We share information only with service providers that help us run this website and our
          programs - such as our hosting provider, our e-mail delivery service and our card payment
          processor - and only as needed for that work. We may also disclose information when the
          law requires it. We never sell or rent your information.
        </p>
      </PolicySection>

      <PolicySection title="How long we keep it">
        <p>
          We keep information only as long as we need it for the purpose it was given, or as long as
          the law requires (for example, donation records for tax purposes).
        </p>
      </PolicySection>

      <PolicySection title="How we protect it">
        <p>
          This site uses encrypted connections, and only authorized staff can see what you send us.
          No method of sending or storing data is perfectly secure, but we work hard to protect
          yours.
        </p>
      </PolicySection>

      <PolicySection title="Your choices">
        <p>
          You may ask to see, correct or delete the information we hold about you. Write to us at{" "}
          {email} and we will answer within 30 days.
        </p>
      </PolicySection>

      <PolicySection title="Children">
        <p>
          This website is not directed to children under 13, and we do not knowingly collect their
          information.
        </p>
      </PolicySection>

      <PolicySection title="Changes to this policy">
        <p>
          If we change this policy we will post the new version on this page with a new effective
          date.
        </p>
      </PolicySection>

      <PolicySection title="Contact us">
        <address className="not-italic">
          {orgName}
          <br />
          {org?.address ?? "Houston, TX"}
          <br />
          E-mail: {email}
          <br />
          Phone: {contactInfo.phone}
        </address>
      </PolicySection>
    </main>
  );
}
