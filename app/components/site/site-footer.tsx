import { Link } from "react-router";
import { footerColumns, socialLinks } from "#app/lib/site";
import { useRootData } from "#app/root";

export function SiteFooter() {
  const root = useRootData();
  const org = root?.org ?? {
    name: "Houston Home Foundation",
    ein: "00-0000000",
    address: "Houston, TX",
  };
  return (
    <footer className="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-base font-bold uppercase tracking-wide">{column.heading}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="footer-link">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer-bottom">
        <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 text-sm">
          <ul className="flex flex-wrap gap-4" aria-label="Social media">
            {socialLinks.map((social) => (
              <li key={social.label}>
                <a href={social.href} className="footer-link">
                  {social.label}
                </a>
              </li>
            ))}
          </ul>
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link to="/privacy" className="footer-link">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/newsletter" className="footer-link">
                Get our emails
              </Link>
            </li>
          </ul>
          <p>
            {org.name} is a 501(c)(3) nonprofit organization (EIN {org.ein}). Donations are
            tax-deductible to the extent allowed by law, and 100% of funds go to our programs.
          </p>
          <p>
            <span className="sr-only">Address: </span>
            {org.address}
          </p>
          <p>
            &copy; {new Date().getFullYear()} {org.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
