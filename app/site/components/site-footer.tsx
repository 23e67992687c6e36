import { PageLink } from "#app/components/page-link";
import { useLocale } from "#app/i18n/translator";
import { useRootData } from "#app/lib/root-data";
import { footerColumns, socialLinks } from "#app/site/navigation";

export function SiteFooter() {
  const root = useRootData();
  const { t, href } = useLocale();
  const org = root?.org ?? {
    name: "Houston Home Foundation",
    ein: "00-0000000",
    address: "Houston, TX",
  };
  return (
    <footer className="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={t(column.heading)}>
            <h2 className="text-base font-bold uppercase tracking-wide">{t(column.heading)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <PageLink to={href(link.to)} className="footer-link">
                    {t(link.label)}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer-bottom">
        <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 text-sm">
          <ul className="flex flex-wrap gap-4" aria-label={t("footer.social")}>
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
              <PageLink to={href("/privacy")} className="footer-link">
                {t("footer.privacy")}
              </PageLink>
            </li>
            <li>
              <PageLink to={href("/newsletter")} className="footer-link">
                {t("footer.emails")}
              </PageLink>
            </li>
          </ul>
          <p>{t("footer.charity", { org: org.name, ein: org.ein })}</p>
          <p>
            <span className="sr-only">{t("footer.address")}</span>
            {org.address}
          </p>
          <p>{t("footer.copyright", { year: new Date().getFullYear(), org: org.name })}</p>
        </div>
      </div>
    </footer>
  );
}
