/**
 * The card of a gift in honour or in memory (docs/decisions/232-tribute-gifts.md): one text, used
 * by the preview before paying and by the e-mail itself (app/features/tributes/cards.server.ts).
 * It names the donor, or "Someone" for an anonymous gift, and never their e-mail or card.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale, type Locale, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { formatCents } from "#app/lib/money";
import type { CardPreview, TributeKind } from "./rules";

export interface CardText {
  kind: TributeKind;
  honoree: string;
  recipientName: string;
  message: string | null;
  cardLanguage: string;
  /** The donor's name, or null for an anonymous gift. */
  donorName: string | null;
  /** The gift in cents when the donor chose to show it, else null. */
  amountCents: number | null;
}

function cardLocale(language: string): Locale {
  return isLocale(language) ? language : "en";
}

/** The card's subject and paragraphs (a paragraph's lines are joined by newlines). */
function cardParts(card: CardText) {
  const locale = cardLocale(card.cardLanguage);
  const t = serverT(locale);
  const { ORG_NAME, PUBLIC_URL } = env();
  const donor = card.donorName?.trim() || t("tribute.card.someone");
  const values = { donor, honoree: card.honoree, org: ORG_NAME };
  const memory = card.kind === "memory";
  const paragraphs = [
    t("tribute.card.greeting", { name: card.recipientName }),
    t(memory ? "tribute.card.memory" : "tribute.card.honor", values),
    ...(card.amountCents !== null
      ? [t("tribute.card.amount", { amount: formatCents(card.amountCents, "usd", locale) })]
      : []),
    ...(card.message ? [`${t("tribute.card.messageFrom", { donor })}\n${card.message}`] : []),
    t("tribute.card.about", { org: ORG_NAME }),
  ];
  return {
    locale,
    subject: t(memory ? "tribute.card.subject.memory" : "tribute.card.subject.honor", values),
    paragraphs,
    org: ORG_NAME,
    site: `${PUBLIC_URL}${localizePath("/", locale)}`,
  };
}

/** What the donor sees before paying: the card's subject and lines, in the card's language. */
export function cardPreview(card: CardText): CardPreview {
  const parts = cardParts(card);
  return {
    subject: parts.subject,
    lines: [...parts.paragraphs, `${parts.org} - ${parts.site}`],
    language: parts.locale,
  };
}

/**
 * The card as an e-mail: a plain text part and an HTML part with the same words, no images, the
 * foundation's name and a link to the site. The HTML is written by React, which escapes every
 * name and message: they stay text.
 */
export function cardMail(card: CardText): { subject: string; text: string; html: string } {
  const parts = cardParts(card);
  const text = [...parts.paragraphs, `${parts.org}\n${parts.site}`].join("\n\n");
  const html = `<!doctype html>${renderToStaticMarkup(
    <html lang={parts.locale}>
      <head>
        <meta charSet="utf-8" />
        <title>{parts.subject}</title>
      </head>
      <body style={{ fontFamily: "Georgia, serif", fontSize: "18px", lineHeight: 1.5 }}>
        {parts.paragraphs.map((paragraph) => (
          <p key={paragraph} style={{ whiteSpace: "pre-line" }}>
            {paragraph}
          </p>
        ))}
        <p>
          <strong>{parts.org}</strong>
          <br />
          <a href={parts.site}>{parts.site}</a>
        </p>
      </body>
    </html>,
  )}`;
  return { subject: parts.subject, text, html };
}
