import { renderToStaticMarkup } from "react-dom/server";
import type { NewsletterBody } from "#app/db/schema/newsletters";
import { RichText, type RichTextDoc, richTextToPlainText } from "#app/lib/rich-text";

/**
 * An issue's body as mail parts, through the shared rich-text module
 * (docs/decisions/280-rich-text-as-checked-json.md): its plain-text rendering for the text part,
 * its React renderer for the HTML part. Bodies were checked by that module's schema when saved.
 */

const asDoc = (body: NewsletterBody) => body as RichTextDoc;

export function bodyText(body: NewsletterBody, origin: string): string {
  return richTextToPlainText(asDoc(body), { origin });
}

export interface MailFrame {
  lang: string;
  subject: string;
  online: { label: string; href: string };
  why: string;
  unsubscribe: { label: string; href: string };
  address: string;
}

/** The HTML part: the body, then the footer with the links and the postal address. */
export function bodyHtml(body: NewsletterBody, origin: string, frame: MailFrame): string {
  const markup = renderToStaticMarkup(
    <html lang={frame.lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{frame.subject}</title>
      </head>
      <body style={{ fontFamily: "sans-serif", lineHeight: 1.5, maxWidth: "40em" }}>
        <RichText doc={asDoc(body)} origin={origin} buttonClassName="button" />
        <hr />
        <p>
          <a href={frame.online.href}>{frame.online.label}</a>
        </p>
        <p>{frame.why}</p>
        <p>
          <a href={frame.unsubscribe.href}>{frame.unsubscribe.label}</a>
        </p>
        <p>{frame.address}</p>
      </body>
    </html>,
  );
  return `<!doctype html>${markup}`;
}
