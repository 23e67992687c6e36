import { Link } from "react-router";
import type { GiftAddOnLink } from "../add-ons.server";

/**
 * A section of the donor's gifts page (/donate/manage) listing what a feature built on donations
 * added to their gifts (their dedications), each linked to its own page, in the words that
 * feature gave (app/features/donations/add-ons.server.ts). Nothing when there is none.
 */
export function AddOnLinks({
  id,
  heading,
  links,
}: {
  id: string;
  heading: string;
  links: GiftAddOnLink[];
}) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.id}>
            {link.text} -{" "}
            <Link to={link.path} className="link">
              {link.linkText}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
