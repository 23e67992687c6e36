import { useLocale } from "#app/i18n/translator";

/**
 * Ways to pass the page on, all plain links so they work without JavaScript: the page's own
 * address (to copy), an e-mail and a text message carrying it.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useLocale();
  const message = t("fundraising.share.message", { title, url });
  const mailto = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`;
  const sms = `sms:?&body=${encodeURIComponent(message)}`;
  return (
    <section aria-labelledby="share-heading" className="space-y-2">
      <h2 id="share-heading" className="text-2xl font-bold">
        {t("fundraising.share.heading")}
      </h2>
      <ul className="space-y-2">
        <li>
          {t("fundraising.share.copy")}{" "}
          <a href={url} className="link break-all">
            {url}
          </a>
        </li>
        <li>
          <a href={mailto} className="link">
            {t("fundraising.share.email")}
          </a>
        </li>
        <li>
          <a href={sms} className="link">
            {t("fundraising.share.sms")}
          </a>
        </li>
      </ul>
    </section>
  );
}
