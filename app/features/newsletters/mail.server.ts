import type { newsletters } from "#app/db/schema/newsletters";
import { unsubscribeToken } from "#app/features/forms/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { localeTags, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { bodyHtml, bodyText } from "./body.server";
import type { NewsletterLanguage } from "./states";

export type IssueRow = typeof newsletters.$inferSelect;

export interface MailRecipient {
  /** Null for a test copy: its links name no subscriber. */
  subscriberId: string | null;
  email?: string;
  language: string;
}

/** The version of an issue in one language (English when it has no Spanish one). */
export function issueVersion(issue: IssueRow, language: NewsletterLanguage) {
  return language === "es" && issue.subjectEs && issue.bodyEs
    ? { language, subject: issue.subjectEs, body: issue.bodyEs }
    : { language: "en" as const, subject: issue.subjectEn, body: issue.bodyEn };
}

/** Where an issue is read on the site, in a language. */
export function archiveUrl(issueId: string, language: NewsletterLanguage) {
  return `${env().PUBLIC_URL}${localizePath(`/newsletter/${issueId}`, language)}`;
}

/**
 * The links a subscriber leaves by (docs/decisions/291-newsletter-subscribers-and-leaving.md): the
 * page of the body's link, whose button unsubscribes; the one-click address of the header, whose
 * POST unsubscribes (RFC 8058); a mailto for mail programs without https.
 */
export function leavingLinks(subscriberId: string | null, language: NewsletterLanguage) {
  const config = env();
  const token = subscriberId ? encodeURIComponent(unsubscribeToken(subscriberId)) : "";
  return {
    page: `${config.PUBLIC_URL}${localizePath(`/unsubscribe?token=${token}`, language)}`,
    oneClick: `${config.PUBLIC_URL}/api/newsletter/unsubscribe?token=${token}`,
    mailto: `mailto:${config.ORG_EMAIL}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
  };
}

/** The mail one recipient gets: their language's version, the footer, the list headers. */
export function newsletterMail(issue: IssueRow, recipient: MailRecipient) {
  const config = env();
  const version = issueVersion(issue, recipient.language === "es" ? "es" : "en");
  const t = serverT(version.language);
  const links = leavingLinks(recipient.subscriberId, version.language);
  const online = archiveUrl(issue.id, version.language);
  const footer = {
    why: t("newsletterMail.why", { org: config.ORG_NAME }),
    unsubscribe: t("newsletterMail.unsubscribe"),
    online: t("newsletterMail.online"),
    // CAN-SPAM: the sender's postal address in every mail.
    address: `${config.ORG_NAME}, ${config.ORG_ADDRESS}`,
  };
  const text = [
    bodyText(version.body, config.PUBLIC_URL),
    "",
    "--",
    `${footer.online} ${online}`,
    footer.why,
    `${footer.unsubscribe} ${links.page}`,
    footer.address,
  ].join("\n");
  const html = bodyHtml(version.body, config.PUBLIC_URL, {
    lang: localeTags[version.language],
    subject: version.subject,
    // As link text, the text part's lead-ins lose their colon.
    online: { label: footer.online.replace(/:$/, ""), href: online },
    why: footer.why,
    unsubscribe: { label: footer.unsubscribe.replace(/:$/, ""), href: links.page },
    address: footer.address,
  });
  return {
    to: recipient.email ?? "",
    subject: version.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${links.oneClick}>, <${links.mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `${config.ORG_NAME} newsletter <newsletter.${new URL(config.PUBLIC_URL).hostname}>`,
      "Content-Language": localeTags[version.language],
    },
  };
}
